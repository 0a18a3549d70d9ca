import { slug } from '@lanes/shared/schemas/workspace';
import { describe, expect, it } from 'vitest';
import { suggestSlug } from './suggest-slug.ts';

describe('suggestSlug', () => {
  it('appends a number', () => {
    expect(suggestSlug('acme', () => 0)).toBe('acme-2');
    expect(suggestSlug('acme', () => 0.999)).toBe('acme-99');
  });

  it('stays a valid slug at the maximum length', () => {
    const long = `${'a'.repeat(36)}-bcd`;
    const suggestion = suggestSlug(long, () => 0.5);
    expect(suggestion.length).toBeLessThanOrEqual(40);
    expect(slug.safeParse(suggestion).success).toBe(true);
  });
});
