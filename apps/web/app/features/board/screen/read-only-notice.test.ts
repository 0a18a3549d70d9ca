import { describe, expect, it } from 'vitest';
import { readOnlyNotice } from './read-only-notice.ts';

const base = { archived: false, canAdmin: false, viewer: false, changed: false };

describe('readOnlyNotice', () => {
  it('says nothing when the board can be changed', () => {
    expect(readOnlyNotice(base)).toBeNull();
    expect(readOnlyNotice({ ...base, changed: true })).toBeNull();
  });

  it('tells an owner or admin an archived board is archived and where to restore it, not that the role is too low', () => {
    const text = readOnlyNotice({ ...base, archived: true, canAdmin: true });
    expect(text).toContain('This board is archived');
    expect(text).toContain('restore it from the Board menu');
    expect(text).not.toContain('role');
    expect(readOnlyNotice({ ...base, archived: true })).toBe(
      'This board is archived. An admin or owner can restore it.',
    );
    expect(readOnlyNotice({ ...base, archived: true, viewer: true })).toContain('archived');
  });

  it("names a viewer's role, and says so when it changed while the board was open", () => {
    expect(readOnlyNotice({ ...base, viewer: true })).toContain('Your role does not allow changes.');
    expect(readOnlyNotice({ ...base, viewer: true, changed: true })).toContain('Your role is now viewer');
  });
});
