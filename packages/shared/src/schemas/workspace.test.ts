import { describe, expect, it } from 'vitest';
import { createWorkspaceInput, slug, slugify, workspaceName } from './workspace.ts';

describe('workspace slug', () => {
  it.each(['abc', 'a-b', 'team-42', 'a'.repeat(40), '0ab'])('accepts %s', (value) => {
    expect(slug.safeParse(value).success).toBe(true);
  });
  it.each(['ab', 'a'.repeat(41), '-abc', 'abc-', 'ABC', 'a_b', 'a b', 'été'])('refuses %s', (value) => {
    expect(slug.safeParse(value).success).toBe(false);
  });
  it.each(['new', 'settings', 'api', 'admin', 'auth', 'invite', 'account'])(
    'refuses reserved %s',
    (value) => {
      expect(slug.safeParse(value).error?.issues[0]?.message).toBe('This address is reserved.');
    },
  );
});

describe('workspace name', () => {
  it('trims and accepts 1 to 64', () => {
    expect(workspaceName.parse(' Acme ')).toBe('Acme');
    expect(workspaceName.safeParse('a'.repeat(64)).success).toBe(true);
    expect(workspaceName.safeParse('a'.repeat(65)).success).toBe(false);
    expect(workspaceName.safeParse(' ').success).toBe(false);
  });
});

describe('create workspace input', () => {
  it('needs both', () => {
    expect(createWorkspaceInput.safeParse({ name: 'Acme', slug: 'acme' }).success).toBe(true);
    expect(createWorkspaceInput.safeParse({ name: 'Acme' }).success).toBe(false);
  });
});

describe('slugify', () => {
  it('suggests a valid slug from any name', () => {
    expect(slugify('Café Crème — Team!')).toBe('cafe-creme-team');
    expect(slug.safeParse(slugify('Admin')).success).toBe(true);
    expect(slug.safeParse(slugify('!!')).success).toBe(true);
    expect(slug.safeParse(slugify('x'.repeat(80))).success).toBe(true);
  });
});
