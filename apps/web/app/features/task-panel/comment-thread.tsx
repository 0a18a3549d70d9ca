/**
 * @module features/task-panel/comment-thread — the task's comments, oldest first, each with its author's
 * avatar, name and a relative time; authors edit and delete their own, admins delete any. The new-comment
 * form is a plain POST form, so it works before (or without) JavaScript too. Writing `@` offers the members to
 * mention (decision 181); mentions show as chips with the person's current name.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { Avatar } from '#app/components/avatar.tsx';
import { fetcherRefusal } from '#app/lib/action-result.ts';
import type { TaskWrites } from '#app/lib/task-writes.ts';
import { type MentionPerson, toHandles, toReferences } from './mention-model.ts';
import { MentionText } from './mention-text.tsx';
import { MentionTextarea } from './mention-textarea.tsx';
import type { PanelActionResult } from './panel-actions.server.ts';
import { useTaskWrites } from './panel-board-context.ts';
import type { PanelComment } from './panel-model.ts';
import { RelativeTime } from './relative-time.tsx';
import { DraftNote, useDraft } from './use-draft.tsx';
import { useFieldSave } from './use-field-save.ts';
import { useMentionPeople } from './use-mention-people.ts';
import { useWaitingComments } from './waiting-comments.ts';

interface ThreadProps {
  taskId: string;
  comments: PanelComment[];
  me: string;
  canEdit: boolean;
  canAdmin: boolean;
  workspaceId: string;
  /** The workspace's people by id, for the chips' names. */
  people: { id: string; name: string }[];
}

/** What a comment box needs to offer mentions. */
interface Mentions {
  people: MentionPerson[];
  load(): void;
}

export function CommentThread({ taskId, comments, me, canEdit, canAdmin, workspaceId, people }: ThreadProps) {
  const names = useMemo(() => new Map(people.map((p) => [p.id, p.name])), [people]);
  const mentions = useMentionPeople(workspaceId);
  return (
    <section className="panel-section" aria-labelledby="task-comments-title">
      <h3 id="task-comments-title">
        Comments <span className="panel-muted">{comments.filter((c) => !c.deleted_at).length}</span>
      </h3>
      {comments.length === 0 ? (
        <p className="panel-empty">No comments yet.{canEdit ? ' Start the conversation below.' : ''}</p>
      ) : (
        <ol className="comment-list">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              taskId={taskId}
              comment={comment}
              mine={comment.author_id === me && canEdit}
              canDelete={(comment.author_id === me && canEdit) || canAdmin}
              names={names}
              mentions={mentions}
            />
          ))}
        </ol>
      )}
      {canEdit ? (
        <NewComment taskId={taskId} me={me} mentions={mentions} names={names} comments={comments} />
      ) : null}
    </section>
  );
}

function CommentItem({
  taskId,
  comment,
  mine,
  canDelete,
  names,
  mentions,
}: {
  taskId: string;
  comment: PanelComment;
  mine: boolean;
  canDelete: boolean;
  names: ReadonlyMap<string, string>;
  mentions: Mentions;
}) {
  const edit = useFieldSave(taskId, 'edit-comment', comment.id);
  const remove = useFieldSave(taskId, 'delete-comment', comment.id);
  const [draft, setDraft] = useState<string | null>(null);
  const picked = useRef(new Map<string, string>());
  const name = comment.author?.display_name ?? 'Former member';
  const body = (edit.pending?.get('body') as string | null) ?? comment.body;
  if (comment.deleted_at || remove.pending) {
    return (
      <li className="comment is-deleted">
        <p className="panel-muted">Comment deleted</p>
      </li>
    );
  }
  return (
    <li className="comment">
      <Avatar name={name} path={comment.author?.avatar_path} size={32} />
      <div className="comment-main">
        <p className="comment-head">
          <strong>{name}</strong> <RelativeTime iso={comment.created_at} />
          {comment.edited_at ? <span className="panel-muted"> · edited</span> : null}
        </p>
        {draft !== null ? (
          <form
            className="comment-edit"
            onSubmit={(event) => {
              event.preventDefault();
              edit.save({ commentId: comment.id, body: toReferences(draft, picked.current) });
              setDraft(null);
            }}
          >
            <MentionTextarea
              aria-label="Edit comment"
              value={draft}
              maxLength={5000}
              people={mentions.people}
              onValueChange={setDraft}
              onPick={(person) => picked.current.set(person.handle, person.id)}
              onFocus={mentions.load}
              rows={3}
            />
            <div className="panel-actions">
              <button type="submit" className="btn btn-primary">
                Save
              </button>
              <button type="button" className="btn btn-quiet" onClick={() => setDraft(null)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <CommentBody body={body} rendered={comment.rendered} names={names} />
        )}
        {draft === null && (mine || canDelete) ? (
          <div className="comment-tools">
            {mine ? (
              <button
                type="button"
                className="btn btn-quiet"
                onClick={() => {
                  mentions.load();
                  setDraft(toHandles(body, mentions.people));
                }}
              >
                Edit<span className="visually-hidden"> comment by {name}</span>
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className="btn btn-quiet"
                onClick={() => remove.save({ commentId: comment.id })}
              >
                Delete<span className="visually-hidden"> comment by {name}</span>
              </button>
            ) : null}
          </div>
        ) : null}
        {edit.error || remove.error ? (
          <p className="field-error" role="alert">
            {edit.error ?? remove.error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** A comment in the board's write queue: shown under the thread until the server has it (decision 196). */
interface QueuedComment {
  id: string;
  body: string;
  /** It could not reach the server and waits for the connection. */
  waiting: boolean;
}

function NewComment({
  taskId,
  me,
  mentions,
  names,
  comments,
}: {
  taskId: string;
  me: string;
  mentions: Mentions;
  names: ReadonlyMap<string, string>;
  /** The thread as read: a queued comment that has arrived there (live, or by a read) is no longer shown here. */
  comments: PanelComment[];
}) {
  const fetcher = useFetcher<PanelActionResult>({ key: `task:${taskId}:comment` });
  const queue = useTaskWrites();
  const { revalidate } = useRevalidator();
  const [allQueued, setQueued] = useState<QueuedComment[]>([]);
  // Comments a page closed earlier left in the board's journal wait here too, until the thread holds them; one
  // answered there (replayed after a reload) means the thread is read again.
  const journaled = useWaitingComments(
    queue,
    taskId,
    (gone) =>
      gone.some((c) => !allQueued.some((mine) => mine.id === c.id)) ? revalidate() : Promise.resolve(),
    (id) => comments.some((stored) => stored.id === id),
  );
  const queued = [
    ...allQueued,
    ...journaled
      .filter((c) => !allQueued.some((mine) => mine.id === c.id))
      .map((c) => ({ ...c, waiting: !navigator.onLine })),
  ].filter((c) => !comments.some((stored) => stored.id === c.id));
  const [refused, setRefused] = useState<string | null>(null);
  const [body, setBody] = useState('');
  // An unsent comment survives Esc, closing the panel and reloads (decision 194).
  const draft = useDraft(me, taskId, 'comment', (text) => setBody((now) => (now === '' ? text : now)));
  const picked = useRef(new Map<string, string>());
  const error = refused ?? fetcherRefusal(fetcher);
  // The box empties as the comment is sent, so what is typed next starts a new one; a refusal puts the sent
  // text back (unless a new one was begun), so nothing typed is lost.
  const sent = useRef<string | null>(null);
  const was = useRef(fetcher.state);
  useEffect(() => {
    const settled = was.current !== 'idle' && fetcher.state === 'idle';
    was.current = fetcher.state;
    if (!settled || sent.current === null) return;
    const text = sent.current;
    sent.current = null;
    if (fetcher.data && !fetcher.data.ok) {
      setBody((now) => (now === '' ? text : now));
      draft.keep(text);
    }
  }, [fetcher.state, fetcher.data, draft]);

  /** Through the board's queue: shown at once as pending, sent when the server can be reached. */
  function queueComment(queue: TaskWrites, text: string, posted: string) {
    const id = crypto.randomUUID();
    const waiting = !navigator.onLine;
    setQueued((now) => [...now, { id, body: posted, waiting }]);
    setRefused(null);
    const unreachable = () => setQueued((now) => now.map((c) => (c.id === id ? { ...c, waiting: true } : c)));
    void queue.send({ kind: 'comment', taskId, id, body: posted }, unreachable).then(async (answer) => {
      if (answer.ok) await revalidate().catch(() => undefined);
      else {
        setBody((now) => (now === '' ? text : now));
        draft.keep(text);
        setRefused(answer.message);
      }
      setQueued((now) => now.filter((c) => c.id !== id));
    });
  }

  return (
    <>
      {queued.length > 0 ? (
        <ol className="comment-list comment-queued" aria-label="Comments not sent yet">
          {queued.map((comment) => (
            <li key={comment.id} className="comment is-queued">
              <div className="comment-main">
                <p className="comment-head panel-muted">
                  {comment.waiting ? 'Will be sent when you’re back online' : 'Sending…'}
                </p>
                <p className="comment-body">
                  <MentionText text={comment.body} names={names} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <fetcher.Form
        method="post"
        className="comment-new"
        onSubmit={(event) => {
          // People picked from the list go as references (decision 073); the rest as typed.
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const posted = toReferences(body, picked.current);
          form.set('body', posted);
          picked.current.clear();
          setBody('');
          draft.drop();
          if (queue) return queueComment(queue, body, posted);
          sent.current = body;
          void fetcher.submit(form, { method: 'post' });
        }}
      >
        <input type="hidden" name="intent" value="comment" />
        <label htmlFor="new-comment" className="visually-hidden">
          New comment
        </label>
        <MentionTextarea
          id="new-comment"
          name="body"
          rows={3}
          required
          maxLength={5000}
          placeholder="Write a comment… (@ to mention)"
          value={body}
          people={mentions.people}
          onValueChange={(text) => {
            setBody(text);
            draft.keep(text);
          }}
          onPick={(person) => picked.current.set(person.handle, person.id)}
          onFocus={mentions.load}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-comment-error' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey))
              event.currentTarget.form?.requestSubmit();
            draft.onEscape(event, body);
          }}
        />
        <DraftNote draft={draft} />
        {error ? (
          <p id="new-comment-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
          Comment
        </button>
      </fetcher.Form>
    </>
  );
}

/**
 * The server's Markdown HTML while the body is still the one it rendered (react-markdown's own output, never the
 * raw text; decision 183); a body the server has not rendered (a live or pending edit) shows as text with chips.
 */
function CommentBody({
  body,
  rendered,
  names,
}: {
  body: string;
  rendered: PanelComment['rendered'];
  names: ReadonlyMap<string, string>;
}) {
  if (rendered && rendered.source === body) {
    return <div className="comment-body" dangerouslySetInnerHTML={{ __html: rendered.html }} />;
  }
  return (
    <p className="comment-body">
      <MentionText text={body} names={names} />
    </p>
  );
}
