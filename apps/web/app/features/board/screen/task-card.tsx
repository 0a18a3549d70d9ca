/**
 * @module features/board/screen/task-card — one card: its labels by name and colour, title, `#number`, priority, due
 * date (soon or overdue, never on a done card), counts of comments, files and checklist items, and the
 * assignee's avatar (decision 185), and a cover image on top (decision 197). Members drag it (mouse, touch or
 * keyboard: focus it, space, arrows, space); viewers only read it.
 * The card is a real link to its panel (`t/:taskId`): without JavaScript, or with a middle or modified click, the
 * browser follows it; a plain click or Enter opens the panel by client navigation, so the board stays loaded and
 * live. Decision 123.
 */
import { type KeyboardEvent, type MouseEvent, memo, type PointerEvent } from 'react';
import { Avatar } from '#app/components/avatar.tsx';
// The app's icon set (decision 201): only these four ship with the board.
import { CalendarIcon, ChecklistIcon, CommentIcon, PaperclipIcon } from '#app/components/icons.tsx';
import { formatDay, isDueSoon, isOverdue, today } from '#app/lib/time-format.ts';
import { useCardBinding } from '../dnd/card-binder.tsx';
import type { CardSortableArgs } from '../dnd/card-sortable.ts';
import { sortableStyle, sortableTransition } from '../dnd/motion.ts';
import type { WatchNear } from '../dnd/near-cards.ts';
import type { Label, Profile, Task } from '../model/board-model.ts';
import { useHydrated } from './use-hydrated.ts';

export interface TaskCardProps {
  task: Task;
  assignee: Profile | undefined;
  /** The board's labels by id (one object for every card: a list made per card per render defeats `memo`). */
  labels: Record<string, Label>;
  canEdit: boolean;
  /** The teammate dragging this card right now, if any. */
  draggedBy: string | undefined;
  /** The board's own URL; the card links to `<boardPath>/t/<id>`. */
  boardPath: string;
  /** Opens the card's panel by client navigation. */
  onOpen(taskId: string): void;
  /** Opens the card's context menu (right click, Shift+F10 or the menu key). */
  onMenu?(taskId: string, event: { clientX: number; clientY: number }, card: Element): void;
  /** This card is the one being dragged (by this reader). */
  dragged?: boolean;
  /** Tells the card when it comes near its column's view and when it leaves. */
  watchNear?: WatchNear;
}

/**
 * Memoised, and with no router hook inside: `useHref` and `useNavigate` follow the location, so every card of
 * the board re-rendered each time a panel opened or closed (decision 125).
 */
export const TaskCard = memo(function TaskCard({
  task,
  assignee,
  labels,
  canEdit,
  draggedBy,
  boardPath,
  onOpen,
  onMenu,
  dragged = false,
  watchNear,
}: TaskCardProps) {
  // A card still on its way to the server has no place there yet: it cannot be moved until it has one.
  const movable = canEdit && !task.pending;
  const args: CardSortableArgs = {
    id: task.id,
    data: { type: 'task', columnId: task.columnId },
    disabled: !movable,
    transition: sortableTransition(),
    attributes: { roleDescription: 'task card' },
  };
  // dnd-kit's hook lives in a binder only while a pointer or a key can reach the card (decision 207); the
  // card's own elements stay the same throughout.
  const { node, sortable, binder, wake, hold } = useCardBinding(args, dragged, watchNear);
  const style = sortableStyle(sortable);
  const handle = movable ? { ...sortable.attributes, ...sortable.listeners } : {};
  const menu =
    onMenu && movable
      ? {
          onContextMenu: (event: MouseEvent) => {
            event.preventDefault();
            onMenu(task.id, event, event.currentTarget);
          },
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
            event.preventDefault();
            onMenu(task.id, { clientX: 0, clientY: 0 }, event.currentTarget);
          },
        }
      : {};
  // The panel nests under the board's own URL.
  const href = `${boardPath}/t/${task.id}`;
  // A card still on its way to the server has no panel yet.
  const open = () => {
    if (!task.pending) onOpen(task.id);
  };
  // A plain click navigates in the app; a middle, Ctrl/Cmd or Shift click is left to the browser (new tab or
  // window). (A click that ends a drag never reaches us: dnd-kit stops it, and the board cancels its default.)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open();
  };
  // Enter opens; space stays dnd-kit's pick-up key.
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === 'Enter' && !sortable.isDragging) {
      event.preventDefault();
      open();
      return;
    }
    if (movable) wake()?.listeners?.onKeyDown?.(event);
  };
  const onPointerDown = (event: PointerEvent<HTMLAnchorElement>) => {
    if (movable) wake()?.listeners?.onPointerDown?.(event);
  };
  const className = [
    'lane-card',
    sortable.isDragging ? 'is-dragging' : '',
    draggedBy ? 'is-remote-dragging' : '',
    movable ? 'is-draggable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <li
        ref={node}
        style={style}
        className={className}
        data-task-id={task.id}
        aria-busy={task.pending}
        {...menu}
      >
        <a
          className="lane-card-body"
          href={task.pending ? undefined : href}
          {...handle}
          aria-keyshortcuts={onMenu && movable ? 'Shift+F10' : undefined}
          // Members get dnd-kit's button (space picks up, Enter opens); for viewers the card is a plain link.
          role={canEdit ? 'button' : undefined}
          tabIndex={0}
          // The browser's own link dragging would take the pointer from dnd-kit.
          draggable={false}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onFocus={() => hold(true)}
          onBlur={() => hold(false)}
        >
          <CardFace
            task={task}
            assignee={assignee}
            labels={labels}
            draggedBy={draggedBy}
            cover={task.cover ? `${href}/files/${task.cover}` : undefined}
          />
        </a>
      </li>
      {binder}
    </>
  );
});

/**
 * What a card shows. Memoised apart from the card: dnd-kit renders every sortable card again at each step of
 * a drag (its context changes), and that render need not reach the card's contents, whose props have not
 * changed (decision 162).
 */
const CardFace = memo(function CardFace({
  task,
  assignee,
  labels,
  draggedBy,
  cover,
}: Pick<TaskCardProps, 'task' | 'assignee' | 'labels' | 'draggedBy'> & { cover: string | undefined }) {
  const cardLabels = task.labelIds.flatMap((id) => (labels[id] ? [labels[id]] : []));
  return (
    <>
      {cover ? (
        // The task file route signs a thumbnail when asked (decision 142); a fixed 16:9 box, so nothing shifts
        // as it loads. alt="": the title beside it names the card (decision 197).
        <img
          className="lane-card-cover"
          src={`${cover}?w=320`}
          srcSet={`${cover}?w=320 320w, ${cover}?w=640 640w`}
          sizes="(max-width: 600px) 84vw, 256px"
          width={256}
          height={144}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      ) : null}
      {cardLabels.length > 0 ? (
        // Each label by its name beside its colour: a colour alone says nothing to many readers.
        <ul className="lane-card-labels" aria-label="Labels">
          {cardLabels.map((label) => (
            <li key={label.id} className="lane-card-label">
              <span className={`label-dot label-${label.color}`} aria-hidden="true" />
              {label.name}
            </li>
          ))}
        </ul>
      ) : null}
      <span className="lane-card-title">{task.title}</span>
      <div className="lane-card-meta">
        <span className="lane-card-number">{task.pending ? 'Saving…' : `#${task.number}`}</span>
        {task.priority !== 'none' ? <Priority value={task.priority} /> : null}
        {task.dueOn ? <DueDate value={task.dueOn} done={task.done === true} /> : null}
        {task.comments ? <Count kind="comments" n={task.comments} /> : null}
        {task.attachments ? <Count kind="attachments" n={task.attachments} /> : null}
        {task.checklist ? <Progress {...task.checklist} /> : null}
        {assignee ? (
          <span className="lane-card-assignee">
            <Avatar name={assignee.name} path={assignee.avatarPath} size={24} />
          </span>
        ) : null}
      </div>
      {draggedBy ? <span className="lane-card-remote">{draggedBy} is moving this</span> : null}
    </>
  );
});

function Count({ kind, n }: { kind: 'comments' | 'attachments'; n: number }) {
  const noun =
    kind === 'comments' ? (n === 1 ? 'comment' : 'comments') : n === 1 ? 'attachment' : 'attachments';
  return (
    <span className="lane-card-count" title={`${n} ${noun}`}>
      {kind === 'comments' ? <CommentIcon /> : <PaperclipIcon />}
      {n}
      <span className="visually-hidden"> {noun}</span>
    </span>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  return (
    <span
      className={done === total ? 'lane-card-count is-complete' : 'lane-card-count'}
      title={`Checklist: ${done} of ${total} done`}
    >
      <ChecklistIcon />
      <span className="visually-hidden">Checklist </span>
      {`${done}/${total}`}
    </span>
  );
}

function Priority({ value }: { value: Task['priority'] }) {
  return (
    <span className={`priority priority-${value}`} title={`Priority: ${value}`}>
      <span className="visually-hidden">Priority: </span>
      {value}
    </span>
  );
}

function DueDate({ value, done }: { value: string; done: boolean }) {
  // The server and the hydrating render agree on UTC and en-US; the reader's own zone and locale follow.
  const hydrated = useHydrated();
  const now = hydrated ? today() : today('UTC');
  // A done card is late for nothing: its date stays, plain.
  const state = done ? 'done' : isOverdue(value, now) ? 'overdue' : isDueSoon(value, now) ? 'soon' : 'later';
  const className = state === 'overdue' ? 'due is-overdue' : state === 'soon' ? 'due is-due-soon' : 'due';
  const said = { overdue: 'Overdue, due ', soon: 'Due soon, ', later: 'Due ', done: 'Was due ' }[state];
  return (
    <time dateTime={value} className={className}>
      <CalendarIcon />
      <span className="visually-hidden">{said}</span>
      {formatDay(value, hydrated ? undefined : 'en-US', now)}
    </time>
  );
}
