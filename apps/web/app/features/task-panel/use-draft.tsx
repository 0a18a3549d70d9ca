/**
 * @module features/task-panel/use-draft — one panel field's draft (drafts.ts) in React: restored after
 * hydration (the server cannot see the browser's storage), kept on every change, dropped when sent or
 * discarded; the first Esc with unsent text keeps it and says so instead of closing the panel.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { browserDrafts, type DraftField, draftKey, dropDraft, keepDraft, readDraft } from './drafts.ts';

export interface Draft {
  keep(text: string): void;
  drop(): void;
  /** For the field's onKeyDown: Esc with text keeps the draft and tells, once; the next Esc closes. */
  onEscape(event: KeyboardEvent, text: string): void;
  /** A polite status line for the field ("Draft kept", "Draft restored"), or null. */
  note: string | null;
}

export function useDraft(
  userId: string,
  taskId: string,
  field: DraftField,
  restore: (text: string) => void,
): Draft {
  const key = draftKey(userId, taskId, field);
  const [note, setNote] = useState<string | null>(null);
  const onRestore = useRef(restore);
  onRestore.current = restore;
  useEffect(() => {
    const text = readDraft(browserDrafts(), key);
    if (text === null) return;
    onRestore.current(text);
    setNote('Draft restored');
  }, [key]);
  return {
    note,
    keep(text) {
      keepDraft(browserDrafts(), key, text);
      if (note === 'Draft kept' && text.trim() === '') setNote(null);
    },
    drop() {
      dropDraft(browserDrafts(), key);
      setNote(null);
    },
    onEscape(event, text) {
      if (event.key !== 'Escape' || text.trim() === '' || note === 'Draft kept') return;
      event.preventDefault();
      keepDraft(browserDrafts(), key, text);
      setNote('Draft kept');
    },
  };
}

/** The status line a field shows under itself while it has something to say. */
export function DraftNote({ draft }: { draft: Draft }) {
  return draft.note ? (
    <p className="panel-muted draft-note" role="status">
      {draft.note}
    </p>
  ) : null;
}
