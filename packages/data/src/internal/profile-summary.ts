/**
 * @module internal/profile-summary — the columns of a profile embedded in another read (a card's assignee, a
 * comment's author, an activity's actor, a member's profile): those of `profileSummary` in `@lanes/shared`,
 * which parses them. One list, so a column added to the summary reaches every read at once.
 */
export const PROFILE_SUMMARY = 'id, display_name, avatar_path';
