/** zod-browser sets zod's own config without importing zod: zod must read what it wrote. */
import { expect, it } from 'vitest';
import { z } from 'zod';
import { makeZodJitless } from './zod-browser.ts';

it('makes zod jitless through the global zod reads its config from', () => {
  const before = z.config().jitless;
  try {
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
    // Schemas still parse (and refuse) as before.
    const schema = z.object({ title: z.string().min(1) });
    expect(schema.parse({ title: 'a' })).toEqual({ title: 'a' });
    expect(schema.safeParse({ title: '' }).success).toBe(false);
  } finally {
    z.config({ jitless: before });
  }
});
