/**
 * @module features/task-panel/checklist-section — the task's checklists (decision 184): each with its progress,
 * its items in order and a form to add one; a form to start another checklist. Members check, edit, reorder
 * (drag, or the handle's arrow keys), delete and turn items into tasks; viewers read. The add forms are plain
 * POST forms, so they work before (or without) JavaScript; inside a board, adds and moves go through its write
 * queue (decision 202).
 */
import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { fetcherRefusal } from '#app/lib/action-result.ts';
import checklistCss from './checklist.css?inline';
import { ChecklistItem } from './checklist-item.tsx';
import {
  type ChecklistGroup,
  doneCount,
  groupChecklists,
  moveInList,
  type Ticking,
  withTick,
} from './checklist-model.ts';
import { type QueuedChecklist, useQueuedChecklist } from './checklist-queue.ts';
import type { PanelActionResult } from './panel-actions.server.ts';

const NO_TICKS: Ticking = new Map();

interface SectionProps {
  taskId: string;
  items: ChecklistItemRow[];
  canEdit: boolean;
}

export function ChecklistSection({ taskId, items: stored, canEdit }: SectionProps) {
  const queued = useQueuedChecklist(taskId, stored);
  const groups = useMemo(() => groupChecklists(queued.items), [queued.items]);
  // Said to screen readers after a keyboard move or a failed one.
  const [announcement, setAnnouncement] = useState('');
  return (
    <section className="panel-section checklist-section" aria-labelledby="task-checklists-title">
      <style href="task-panel-checklist-css" precedence="default">
        {checklistCss}
      </style>
      <h3 id="task-checklists-title">Checklists</h3>
      {groups.length === 0 ? (
        <p className="panel-empty">No checklist yet.{canEdit ? ' Start one below.' : ''}</p>
      ) : (
        groups.map((group) => (
          <Checklist
            key={group.name}
            taskId={taskId}
            group={group}
            canEdit={canEdit}
            announce={setAnnouncement}
            queued={queued}
          />
        ))
      )}
      {canEdit ? <NewChecklist taskId={taskId} first={groups.length === 0} add={queued.add} /> : null}
      {canEdit ? (
        <p id="checklist-move-hint" hidden>
          Drag, or use the up and down arrow keys, to reorder.
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function Checklist({
  taskId,
  group,
  canEdit,
  announce,
  queued,
}: {
  taskId: string;
  group: ChecklistGroup;
  canEdit: boolean;
  announce(text: string): void;
  queued: QueuedChecklist;
}) {
  const headingId = useId();
  const mover = useFetcher<PanelActionResult>({ key: `task:${taskId}:checklist-move:${group.name}` });
  // The order shown while a move is on its way; a fresh server copy of the items replaces it.
  const [order, setOrder] = useState<string[] | null>(null);
  useEffect(() => setOrder(null), [group.items]);
  // The moved item's handle keeps the focus across the re-render that moves it.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (!refocus.current) return;
    document.getElementById(`checklist-handle-${refocus.current}`)?.focus();
    refocus.current = null;
  });
  const byId = new Map(group.items.map((item) => [item.id, item]));
  const shown = (order ?? group.items.map((i) => i.id)).flatMap((id) => byId.get(id) ?? []);
  // Each item tells which tick it shows before the server has it (offline, the board's queue holds it until the
  // connection is back): the count says "2/5" as the items do, at once.
  const [ticking, setTicking] = useState<Ticking>(NO_TICKS);
  const showTick = useCallback(
    (id: string, done: boolean | null) => setTicking((known) => withTick(known, id, done)),
    [],
  );
  const [moveRefused, setMoveRefused] = useState<string | null>(null);
  const refused = moveRefused ?? fetcherRefusal(mover);
  useEffect(() => {
    if (refused) announce(`Not moved: ${refused}`);
  }, [refused, announce]);

  const move = (id: string, index: number, byKeyboard: boolean) => {
    const ids = shown.map((i) => i.id);
    if (ids.indexOf(id) === index) return;
    const { order: next, beforeId, afterId } = moveInList(ids, id, index);
    setOrder(next);
    if (byKeyboard) refocus.current = id;
    const at = next.indexOf(id);
    announce(`${byId.get(id)?.body ?? 'Item'} moved to position ${at + 1} of ${next.length}.`);
    setMoveRefused(null);
    if (queued.move) {
      void queued.move(id, beforeId, afterId).then((answer) => {
        if (answer.ok) return;
        setOrder(null);
        setMoveRefused(answer.message);
      });
      return;
    }
    void mover.submit(
      { intent: 'checklist-move', itemId: id, beforeId: beforeId ?? '', afterId: afterId ?? '' },
      { method: 'post' },
    );
  };

  const total = group.items.length;
  const done = doneCount(group.items, ticking);
  return (
    <div className="checklist-group">
      <div className="checklist-head">
        <h4 id={headingId}>{group.name}</h4>
        <span className="checklist-count">
          <span className="visually-hidden">Done: </span>
          {done}/{total}
        </span>
      </div>
      <div className="checklist-bar" aria-hidden="true">
        <span style={{ width: `${total ? Math.round((done / total) * 100) : 0}%` }} />
      </div>
      <ul className="checklist-items">
        {shown.map((item, index) => (
          <ChecklistItem
            key={item.id}
            taskId={taskId}
            item={item}
            canEdit={canEdit}
            index={index}
            count={shown.length}
            onMove={move}
            onTicking={showTick}
          />
        ))}
      </ul>
      {refused ? (
        <p className="field-error" role="alert">
          {refused}
        </p>
      ) : null}
      {canEdit ? <AddItem taskId={taskId} checklist={group.name} add={queued.add} /> : null}
    </div>
  );
}

/** One add form per checklist: the field keeps its text when the server refuses it. */
function AddItem({
  taskId,
  checklist,
  add,
}: {
  taskId: string;
  checklist: string;
  add: QueuedChecklist['add'];
}) {
  const fetcher = useFetcher<PanelActionResult>({ key: `task:${taskId}:checklist-add:${checklist}` });
  const form = useRef<HTMLFormElement>(null);
  const fieldId = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const error = refused ?? fetcherRefusal(fetcher);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="checklist-add"
      onSubmit={add ? (event) => queueAdd(event, add, setRefused) : undefined}
    >
      <input type="hidden" name="intent" value="checklist-add" />
      <input type="hidden" name="checklist" value={checklist} />
      <label htmlFor={fieldId} className="visually-hidden">
        Add an item to {checklist}
      </label>
      <input
        id={fieldId}
        name="body"
        required
        maxLength={200}
        autoComplete="off"
        placeholder="Add an item"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      <button type="submit" className="btn btn-secondary" disabled={fetcher.state !== 'idle'}>
        Add<span className="visually-hidden"> to {checklist}</span>
      </button>
      {error ? (
        <p id={`${fieldId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * Through the board's queue: the item shows at once and the form empties for the next one; a refusal puts the
 * text back (unless another was begun) and says why.
 */
function queueAdd(
  event: FormEvent<HTMLFormElement>,
  add: NonNullable<QueuedChecklist['add']>,
  setRefused: (message: string | null) => void,
) {
  event.preventDefault();
  const form = event.currentTarget;
  const fields = new FormData(form);
  const body = String(fields.get('body') ?? '');
  const input = form.elements.namedItem('body') as HTMLInputElement | null;
  setRefused(null);
  if (input) input.value = '';
  void add(String(fields.get('checklist') ?? ''), body).then((message) => {
    if (!message) return;
    if (input && input.value === '') input.value = body;
    setRefused(message);
  });
}

/** A new checklist is its name and its first item; the first one is named "Checklist" unless renamed. */
function NewChecklist({
  taskId,
  first,
  add,
}: {
  taskId: string;
  first: boolean;
  add: QueuedChecklist['add'];
}) {
  const fetcher = useFetcher<PanelActionResult>({ key: `task:${taskId}:checklist-new` });
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const error = refused ?? fetcherRefusal(fetcher);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const fields = (
    <fetcher.Form
      method="post"
      ref={form}
      className="checklist-new"
      onSubmit={add ? (event) => queueAdd(event, add, setRefused) : undefined}
    >
      <input type="hidden" name="intent" value="checklist-add" />
      <div className="checklist-new-fields">
        <label>
          <span>Checklist name</span>
          <input name="checklist" maxLength={60} defaultValue={first ? 'Checklist' : ''} required />
        </label>
        <label>
          <span>First item</span>
          <input name="body" maxLength={200} required autoComplete="off" />
        </label>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-secondary" disabled={fetcher.state !== 'idle'}>
        Add checklist
      </button>
    </fetcher.Form>
  );
  if (first) return fields;
  return (
    <details className="checklist-more">
      <summary>New checklist</summary>
      {fields}
    </details>
  );
}
