import { describe, expect, it } from 'vitest';
import { displayName, dueDate, email, id, password, timestamp } from './fields.ts';

describe('email', () => {
  it('trims and lowercases', () => {
    expect(email.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
  it('accepts 254 characters and refuses 255', () => {
    const domain = (n: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(n)}.io`;
    const at254 = `${'a'.repeat(64)}@${domain(58)}`;
    expect(at254).toHaveLength(254);
    expect(email.safeParse(at254).success).toBe(true);
    expect(email.safeParse(`${'a'.repeat(64)}@${domain(59)}`).success).toBe(false);
  });
  it.each(['', 'ada', 'ada@', '@example.com', 'ada example@x.io'])('refuses %j', (value) => {
    expect(email.safeParse(value).success).toBe(false);
  });
});

describe('password', () => {
  it('accepts 8 and 72 characters with a letter and a digit', () => {
    expect(password.safeParse('abcdefg1').success).toBe(true);
    expect(password.safeParse(`${'a'.repeat(71)}1`).success).toBe(true);
  });
  it('refuses 7 and 73 characters', () => {
    expect(password.safeParse('abcdef1').success).toBe(false);
    expect(password.safeParse(`${'a'.repeat(72)}1`).success).toBe(false);
  });
  it('needs a letter and a digit', () => {
    expect(password.safeParse('12345678').error?.issues[0]?.message).toBe('Include at least one letter.');
    expect(password.safeParse('abcdefgh').error?.issues[0]?.message).toBe('Include at least one digit.');
  });
  it('counts letters of any script', () => {
    expect(password.safeParse('пароль123').success).toBe(true);
  });
});

describe('display name', () => {
  it('trims, and accepts 1 to 60 characters', () => {
    expect(displayName.parse('  Ada  ')).toBe('Ada');
    expect(displayName.safeParse('a'.repeat(60)).success).toBe(true);
  });
  it('refuses blank and 61 characters', () => {
    expect(displayName.safeParse('   ').error?.issues[0]?.message).toBe('Required.');
    expect(displayName.safeParse('a'.repeat(61)).error?.issues[0]?.message).toBe('At most 60 characters.');
  });
});

describe('due date', () => {
  it('accepts the range ends', () => {
    expect(dueDate.safeParse('2000-01-01').success).toBe(true);
    expect(dueDate.safeParse('2100-12-31').success).toBe(true);
    expect(dueDate.safeParse('2024-02-29').success).toBe(true);
  });
  it.each(['1999-12-31', '2101-01-01', '2023-02-29', '2024-13-01', '2024-1-5', 'tomorrow'])(
    'refuses %s',
    (v) => {
      expect(dueDate.safeParse(v).success).toBe(false);
    },
  );
});

describe('ids and timestamps', () => {
  it('accepts random and fixed seed ids, refuses others', () => {
    expect(id.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(id.safeParse('00000000-0000-0000-0000-000000000001').success).toBe(true);
    expect(id.safeParse('42').success).toBe(false);
  });
  it('accepts PostgREST timestamps with microseconds and offsets', () => {
    expect(timestamp.safeParse('2026-11-21T12:00:00.123456+00:00').success).toBe(true);
    expect(timestamp.safeParse('2026-11-21 12:00').success).toBe(false);
  });
});
