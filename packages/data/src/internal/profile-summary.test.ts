import { profileSummary } from '@lanes/shared/schemas/profile';
import { describe, expect, it } from 'vitest';
import { PROFILE_SUMMARY } from './profile-summary.ts';

describe('PROFILE_SUMMARY', () => {
  it('selects exactly the columns the shared profileSummary schema parses', () => {
    expect(PROFILE_SUMMARY.split(', ').sort()).toEqual(Object.keys(profileSummary.shape).sort());
  });
});
