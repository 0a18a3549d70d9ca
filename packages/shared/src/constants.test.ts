import { describe, expect, it } from 'vitest';
import { INVITATION_LIFETIME_MS, LIMITS, PATHS, ROLE_RANK, THUMBNAIL_SIZES } from './constants.ts';

describe('constants', () => {
  it('match SPEC §9', () => {
    expect(LIMITS).toMatchObject({ workspacesPerCreator: 20, membersPerWorkspace: 50, tasksPerBoard: 5000 });
    expect(LIMITS.attachmentBytes).toBe(10_485_760);
    expect(INVITATION_LIFETIME_MS).toBe(604_800_000);
    expect(THUMBNAIL_SIZES).toEqual({ avatar: [48, 96], attachment: [320, 640] });
  });
  it('rank roles owner > admin > member > viewer', () => {
    expect(
      ROLE_RANK.owner > ROLE_RANK.admin &&
        ROLE_RANK.admin > ROLE_RANK.member &&
        ROLE_RANK.member > ROLE_RANK.viewer,
    ).toBe(true);
  });
  it('build invitation links', () => {
    expect(PATHS.invite('abc')).toBe('/invite/abc');
  });
});
