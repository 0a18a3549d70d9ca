/**
 * @module features/task-panel/description-field — the description in Markdown: shown rendered; members switch
 * to writing, preview what they wrote, and Save stores it on its own, like every field of the panel.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toHandles, toReferences } from './mention-model.ts';
import { MentionTextarea } from './mention-textarea.tsx';
import type { PanelTask } from './panel-model.ts';
import { TextConflict } from './text-conflict.tsx';
import { DraftNote, useDraft } from './use-draft.tsx';
import { useFieldSave } from './use-field-save.ts';
import { useMentionPeople } from './use-mention-people.ts';

// The Markdown library loads only to render something the server did not: a draft, a preview, a live edit.
const Markdown = lazy(() => import('./markdown.tsx').then((m) => ({ default: m.Markdown })));

interface DescriptionProps {
  task: PanelTask;
  canEdit: boolean;
  /** The server's rendering of the stored description (react-markdown, the same settings). */
  rendered: { source: string; html: string };
  /** Whose members `@` offers (decision 181). */
  workspaceId: string;
  /** The reader: drafts are kept per person (decision 194). */
  me: string;
}

/** Where an edit began: the row's version and the description it showed then. */
interface Base {
  version: string;
  text: string;
}

export function DescriptionField({ task, canEdit, rendered, workspaceId, me }: DescriptionProps) {
  const field = useFieldSave(task.id, 'description');
  const mentions = useMentionPeople(workspaceId);
  const picked = useRef(new Map<string, string>());
  const shown = (field.pending?.get('value') as string | null) ?? task.description;
  const [draft, setDraft] = useState<string | null>(null);
  const [mode, setMode] = useState<'write' | 'preview'>('preview');
  const editing = draft !== null;
  // Text written and not saved comes back when the panel opens again, even after a reload (decision 194).
  const kept = useDraft(me, task.id, 'description', (text) => {
    if (!canEdit || text === shown) return;
    setDraft(text);
    setMode('write');
  });
  // Where the edit began (version and text), so a teammate's newer description is not overwritten; a draft
  // restored from an earlier visit has none and saves as before.
  const [base, setBase] = useState<Base | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const sent = useRef<{ mine: string; base: Base } | null>(null);

  useEffect(() => {
    if (field.code !== 'CONFLICT' || !sent.current) return;
    const { mine, base: from } = sent.current;
    sent.current = null;
    // Only another field moved the version: save again against the new one, nothing to choose.
    if (task.description === from.text) send(mine, { version: task.updated_at, text: task.description });
    else {
      setConflict(mine);
      kept.keep(mine);
    }
  });

  function send(value: string, from: Base | null) {
    sent.current = from ? { mine: value, base: from } : null;
    field.save(from ? { value, base: from.version } : { value });
  }

  function save() {
    // Picked people go as references; the draft shows handles where the stored text has references.
    const value = draft === null ? null : toReferences(draft, picked.current);
    if (value !== null && draft !== toHandles(shown, mentions.people)) send(value, base);
    setBase(null);
    kept.drop();
    picked.current.clear();
    setDraft(null);
    setMode('preview');
  }

  return (
    <section className="panel-section" aria-labelledby="task-description-title">
      <div className="panel-section-head">
        <h3 id="task-description-title">Description</h3>
        {canEdit && editing ? (
          <div className="segmented">
            <button type="button" aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
              Write
            </button>
            <button type="button" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>
              Preview
            </button>
          </div>
        ) : null}
        {canEdit && !editing ? (
          <button
            type="button"
            className="btn btn-quiet"
            onClick={() => {
              mentions.load();
              setBase({ version: task.updated_at, text: shown });
              setDraft(toHandles(shown, mentions.people));
              setMode('write');
            }}
          >
            Edit description
          </button>
        ) : null}
      </div>
      {editing && mode === 'write' ? (
        <MentionTextarea
          className="description-input"
          aria-label="Description (Markdown)"
          // The person just asked to write: the caret belongs here.
          autoFocus
          rows={8}
          value={draft}
          people={mentions.people}
          onValueChange={(text) => {
            setDraft(text);
            kept.keep(text);
          }}
          onKeyDown={(event) => kept.onEscape(event, draft)}
          onPick={(person) => picked.current.set(person.handle, person.id)}
          onFocus={mentions.load}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.error ? 'task-description-error' : undefined}
        />
      ) : (
        <DescriptionView source={editing ? draft : shown} canEdit={canEdit} rendered={rendered} />
      )}
      {editing ? (
        <div className="panel-actions">
          <button type="button" className="btn btn-primary" onClick={save}>
            Save
          </button>
          <button
            type="button"
            className="btn btn-quiet"
            onClick={() => {
              // Cancel is the one way to throw the text away.
              kept.drop();
              setBase(null);
              setDraft(null);
              setMode('preview');
            }}
          >
            Cancel
          </button>
        </div>
      ) : null}
      <DraftNote draft={kept} />
      {conflict !== null ? (
        <TextConflict
          field="description"
          mine={conflict}
          theirs={task.description}
          onKeepMine={() => {
            setConflict(null);
            kept.drop();
            send(conflict, { version: task.updated_at, text: task.description });
          }}
          onUseTheirs={() => {
            setConflict(null);
            kept.drop();
          }}
        />
      ) : null}
      {field.error && field.code !== 'CONFLICT' ? (
        <p id="task-description-error" className="field-error" role="alert">
          {field.error}
        </p>
      ) : null}
    </section>
  );
}

function DescriptionView({
  source,
  canEdit,
  rendered,
}: {
  source: string;
  canEdit: boolean;
  rendered: DescriptionProps['rendered'];
}) {
  if (source.trim() === '') {
    return <p className="panel-empty">{canEdit ? 'No description yet.' : 'No description.'}</p>;
  }
  if (source === rendered.source) {
    // Made by react-markdown on the server (raw HTML dropped, unsafe links removed), never from the raw text.
    return <div className="markdown-html" dangerouslySetInnerHTML={{ __html: rendered.html }} />;
  }
  return (
    <Suspense fallback={<p className="markdown-pending">{source}</p>}>
      <Markdown source={source} />
    </Suspense>
  );
}
