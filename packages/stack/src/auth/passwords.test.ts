import { verify } from '@node-rs/bcrypt';
import { describe, expect, it } from 'vitest';
import { startStack } from '../index.ts';
import { assertHashCost, DEFAULT_HASH_COST, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are bcrypt at GoTrue’s cost 10 unless a stack asks for another', async () => {
    expect(DEFAULT_HASH_COST).toBe(10);
    const hashed = await hashPassword('password-123', DEFAULT_HASH_COST);
    expect(hashed).toMatch(/^\$2[aby]\$10\$/);
    expect(await verify('password-123', hashed)).toBe(true);
  });

  it('verify whatever cost they were written with, so a stack’s cost can change under old users', async () => {
    const quick = await hashPassword('password-123', 4);
    expect(quick).toMatch(/^\$2[aby]\$04\$/);
    expect(await verifyPassword('password-123', quick)).toBe(true);
    expect(await verifyPassword('password-124', quick)).toBe(false);
    expect(await verifyPassword('password-123', null)).toBe(false);
    expect(await verifyPassword('password-123', 'not a hash')).toBe(false);
  });

  it('take only a cost bcrypt takes, and a stack refuses another before it starts anything', async () => {
    for (const ok of [undefined, 4, 10, 31]) expect(() => assertHashCost(ok)).not.toThrow();
    for (const bad of [3, 32, 4.5, Number.NaN]) {
      expect(() => assertHashCost(bad)).toThrow(
        `passwordHashCost must be a whole number from 4 to 31, not ${bad}`,
      );
    }
    // No workdir exists here: the cost is checked before config.toml is read or a port is taken.
    await expect(startStack({ workdir: '/nonexistent', passwordHashCost: 3 })).rejects.toThrow(
      'passwordHashCost must be a whole number from 4 to 31, not 3',
    );
  });
});
