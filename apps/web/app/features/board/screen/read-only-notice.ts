/**
 * @module features/board/screen/read-only-notice — why a board cannot be changed, said in words that fit: an archived
 * board says it is archived and where it is restored, not that the person's role is too low (issue 25).
 */

export interface ReadOnlyCase {
  archived: boolean;
  /** Admins and owners may restore an archived board. */
  canAdmin: boolean;
  viewer: boolean;
  /** The role changed while the board was open. */
  changed: boolean;
}

/** The line above a read-only board, or null when the board can be changed. */
export function readOnlyNotice({ archived, canAdmin, viewer, changed }: ReadOnlyCase): string | null {
  if (archived) {
    return canAdmin
      ? 'This board is archived — restore it from the Board menu to make changes.'
      : 'This board is archived. An admin or owner can restore it.';
  }
  if (viewer && changed) return 'Your role is now viewer: you can still view this board, but not change it.';
  if (viewer) return 'You can view this board. Your role does not allow changes.';
  return null;
}
