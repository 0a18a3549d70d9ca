/**
 * @module features/task-panel/task-fields — the property sidebar (decision 200): column, assignee, due date,
 * priority, labels and done, each a label, its value with an icon, and a picker. Each saves on its own as soon as
 * it changes, through the same field save as before (`use-field-save`, so the board's write queue); viewers read
 * plain values. The pickers (React Aria) arrive on demand; the server's plain forms stand in until then.
 */
import { type ReactNode, useContext, useLayoutEffect, useRef } from 'react';
import { CalendarIcon, ColumnIcon, DoneIcon, FlagIcon, PersonIcon, TagIcon } from '#app/components/icons.tsx';
import type { PanelActionResult, PanelIntent } from './panel-actions.server.ts';
import type { PanelModel } from './panel-model.ts';
import { type PostedRefusal, postedRefusal } from './posted-refusal.ts';
import { NativeDate, NativeLabels, NativeSelect, PropForm } from './prop-forms.tsx';
import { assignable, columnOptions, dueName, type Option, PRIORITY_OPTIONS } from './prop-options.ts';
import { HandOverContext, useApproach } from './use-approach.ts';
import { useFieldSave } from './use-field-save.ts';
import { usePickers } from './use-pickers.ts';

interface FieldsProps {
  model: PanelModel;
  canEdit: boolean;
  /** The board's column names by id, in the board's order (none: the column is not shown). */
  columns?: Record<string, string> | undefined;
  /** The page's action answer: a plain form's post without JavaScript, refused, shows at its property. */
  answer?: PanelActionResult | undefined;
}

type Pickers = NonNullable<ReturnType<typeof usePickers>['pickers']>;
type PropProps = Omit<FieldsProps, 'columns'> & { columns: Record<string, string>; pickers: Pickers | null };
/** A property's save: its field's own (`use-field-save`), or its plain form's refused post. */
type Saving = ReturnType<typeof useFieldSave> & { refused: PostedRefusal | null };

const NO_COLUMNS: Record<string, string> = {};

/** The properties with a picker, in the order their pickers replace the plain forms, one per task. */
const TURNS = { column: 0, assignee: 1, due: 2, priority: 3, labels: 4 } as const;
const PICKED = Object.keys(TURNS);

export function TaskFields({ model, canEdit, columns = NO_COLUMNS, answer }: FieldsProps) {
  const { near, handOver, handlers } = useApproach(PICKED);
  // A viewer has only the labels' chips from the pickers' code, nothing heavy to mount.
  const { pickers, turn } = usePickers(PICKED.length, near || !canEdit);
  const at = (name: keyof typeof TURNS) => (turn > TURNS[name] ? pickers : null);
  const props = { model, canEdit, columns, answer };
  const choice = { canEdit, taskId: model.task.id, answer };
  const ready = pickers !== null && turn >= PICKED.length;
  return (
    // `data-pickers`: every picker has replaced its plain form (tests wait for it before they drive them).
    // The pickers mount once the person comes near (`use-approach`); a viewer has none to mount.
    <section
      className="task-props"
      aria-label="Properties"
      data-pickers={ready ? 'ready' : 'plain'}
      {...(canEdit ? handlers : {})}
    >
      <HandOverContext.Provider value={handOver}>
        <dl className="task-props-list">
          {Object.keys(columns).length > 0 ? (
            <ChoiceProp
              {...choice}
              pickers={at('column')}
              intent="column"
              label="Column"
              icon={<ColumnIcon />}
              options={columnOptions(columns)}
              stored={model.task.column_id}
            />
          ) : null}
          <AssigneeProp {...props} pickers={at('assignee')} />
          <DueProp {...props} pickers={at('due')} />
          <ChoiceProp
            {...choice}
            pickers={at('priority')}
            intent="priority"
            label="Priority"
            icon={<FlagIcon />}
            options={PRIORITY_OPTIONS}
            stored={model.task.priority}
          />
          <LabelsProp {...props} pickers={at('labels')} />
          <DoneProp {...props} pickers={null} />
        </dl>
      </HandOverContext.Provider>
    </section>
  );
}

function Prop({
  id,
  label,
  error,
  live = null,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  /** The property (its intent) whose picker is in place: it takes over focus or a press from its form. */
  live?: PanelIntent | null;
  children: ReactNode;
}) {
  const cell = useRef<HTMLElement>(null);
  const handOver = useContext(HandOverContext);
  useLayoutEffect(() => {
    if (!live || !handOver) return;
    const pressed = handOver.pressed.delete(live);
    const focused = handOver.focused.delete(live);
    // The plain control took focus with it as it left (focus fell to the page), or was pressed.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (pressed || (focused && lost))
      cell.current?.querySelector<HTMLElement>('input, button, [role="spinbutton"]')?.focus();
  }, [live, handOver]);
  return (
    <div className="task-prop">
      <dt id={`${id}-label`}>{label}</dt>
      <dd ref={cell}>
        {children}
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </dd>
    </div>
  );
}

/** A viewer's plain value. */
function ReadValue({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="task-prop-read">
      {icon}
      {children}
    </span>
  );
}

/** What every control of a property needs: its label's id, and its refusal's id when there is one. */
const ids = (id: string, error: string | null) => ({
  labelledBy: `${id}-label`,
  errorId: error ? `${id}-error` : null,
});

const pendingValue = (pending: FormData | undefined) => pending?.get('value') as string | null | undefined;

/**
 * One property's save, and what it shows: the value on its way, else the value its plain form posted and the
 * server refused (shown again with the reason, no JavaScript), else the stored one.
 */
function useSaving(
  taskId: string,
  intent: PanelIntent,
  { answer, canEdit }: { answer: PanelActionResult | undefined; canEdit: boolean },
): Saving {
  const field = useFieldSave(taskId, intent);
  // A save made since (with JavaScript) answers for itself.
  const posted = field.pending || field.error ? null : postedRefusal(answer, intent);
  // Someone who may no longer edit (a viewer now) reads the stored value beside the reason.
  const refused = posted && !canEdit ? { ...posted, value: null, labelIds: null } : posted;
  return { ...field, error: field.error ?? refused?.error ?? null, refused };
}

/** The value to show: on its way, refused as posted, or stored. */
const shownValue = (saving: Saving): string | undefined =>
  pendingValue(saving.pending) ?? saving.refused?.value ?? undefined;

/** A one-value property picked from a short list (column, priority): the same picker, the same plain form. */
function ChoiceProp(props: {
  pickers: Pickers | null;
  canEdit: boolean;
  taskId: string;
  intent: 'column' | 'priority';
  label: string;
  icon: ReactNode;
  options: Option[];
  stored: string;
  answer: PanelActionResult | undefined;
}) {
  const { pickers, canEdit, taskId, intent, label, icon, options, stored, answer } = props;
  const field = useSaving(taskId, intent, { answer, canEdit });
  const handOver = useContext(HandOverContext);
  const value = shownValue(field) ?? stored;
  const id = `task-${intent}`;
  const control = {
    ...ids(id, field.error),
    options,
    value,
    onChange: (v: string) => field.save({ value: v }),
  };
  return (
    <Prop id={id} label={label} error={field.error} live={canEdit && pickers ? intent : null}>
      {!canEdit ? (
        <ReadValue icon={icon}>{options.find((o) => o.id === value)?.name ?? 'Unknown'}</ReadValue>
      ) : pickers ? (
        <pickers.ListPicker {...control} icon={icon} open={handOver?.pressed.has(intent)} />
      ) : (
        <PropForm intent={intent} what={label.toLowerCase()}>
          <NativeSelect {...control} />
        </PropForm>
      )}
    </Prop>
  );
}

function AssigneeProp({ model, canEdit, pickers, answer }: PropProps) {
  const field = useSaving(model.task.id, 'assignee', { answer, canEdit });
  const pending = shownValue(field);
  const value = pending === undefined ? model.task.assignee_id : pending || null;
  const options = assignable(model.people, value);
  const name = model.people.find((p) => p.id === value)?.name ?? 'Unassigned';
  const save = (v: string | null) => field.save({ value: v ?? '' });
  return (
    <Prop
      id="task-assignee"
      label="Assignee"
      error={field.error}
      live={canEdit && pickers ? 'assignee' : null}
    >
      {!canEdit ? (
        <ReadValue icon={<PersonIcon />}>{name}</ReadValue>
      ) : pickers ? (
        <pickers.PersonPicker
          {...ids('task-assignee', field.error)}
          icon={<PersonIcon />}
          options={options}
          value={value}
          onChange={save}
        />
      ) : (
        <PropForm intent="assignee" what="assignee">
          <NativeSelect
            {...ids('task-assignee', field.error)}
            options={[{ id: '', name: 'Unassigned' }, ...options]}
            value={value ?? ''}
            onChange={(v) => save(v || null)}
          />
        </PropForm>
      )}
    </Prop>
  );
}

function DueProp({ model, canEdit, pickers, answer }: PropProps) {
  const field = useSaving(model.task.id, 'due', { answer, canEdit });
  const pending = shownValue(field);
  const value = pending === undefined ? model.task.due_on : pending || null;
  const save = (v: string | null) => field.save({ value: v ?? '' });
  return (
    <Prop id="task-due" label="Due date" error={field.error} live={canEdit && pickers ? 'due' : null}>
      {!canEdit ? (
        <ReadValue icon={<CalendarIcon />}>
          {value ? <time dateTime={value}>{dueName(value)}</time> : dueName(null)}
        </ReadValue>
      ) : pickers ? (
        <pickers.DuePicker {...ids('task-due', field.error)} icon={null} value={value} onChange={save} />
      ) : (
        <PropForm intent="due" what="due date">
          <NativeDate
            {...ids('task-due', field.error)}
            value={value ?? ''}
            onChange={(v) => save(v || null)}
          />
        </PropForm>
      )}
    </Prop>
  );
}

function LabelsProp({ model, canEdit, pickers, answer }: PropProps) {
  const field = useSaving(model.task.id, 'labels', { answer, canEdit });
  const value = field.pending
    ? field.pending.getAll('labelId').map(String)
    : (field.refused?.labelIds ?? model.task.labelIds);
  const options = model.labels.map((l) => ({ id: l.id, name: l.name, color: l.color }));
  const chosen = options.filter((o) => value.includes(o.id));
  const Chips = pickers?.LabelChips;
  const handOver = useContext(HandOverContext);
  const summary = chosen.length === 0 ? 'No labels' : chosen.map((l) => l.name).join(', ');
  const control = {
    ...ids('task-labels', field.error),
    options,
    value,
    onChange: (v: string[]) => field.save({ labelId: v }),
  };
  if (!canEdit || options.length === 0) {
    return (
      <Prop id="task-labels" label="Labels" error={field.error}>
        <ReadValue icon={<TagIcon />}>
          {options.length === 0 && canEdit ? (
            'This board has no labels yet.'
          ) : Chips && chosen.length > 0 ? (
            <Chips labels={chosen} />
          ) : (
            summary
          )}
        </ReadValue>
      </Prop>
    );
  }
  return (
    <Prop id="task-labels" label="Labels" error={field.error} live={pickers ? 'labels' : null}>
      {pickers ? (
        <pickers.LabelsPicker {...control} icon={<TagIcon />} open={handOver?.pressed.has('labels')} />
      ) : (
        <PropForm intent="labels" what="labels">
          <NativeLabels
            {...control}
            summary={
              <>
                <TagIcon />
                <span className="task-prop-value">{summary}</span>
              </>
            }
          />
        </PropForm>
      )}
    </Prop>
  );
}

function DoneProp({ model, canEdit, answer }: PropProps) {
  const field = useSaving(model.task.id, 'done', { answer, canEdit });
  const pending = shownValue(field);
  const done = pending ? pending === 'true' : model.task.completed_at !== null;
  return (
    <Prop id="task-done" label="Status" error={field.error}>
      {canEdit ? (
        <PropForm intent="done" what="status">
          <label className="task-prop-control task-prop-check">
            <input
              type="checkbox"
              name="value"
              value="true"
              checked={done}
              onChange={(e) => field.save({ value: String(e.target.checked) })}
            />
            Done
          </label>
          {/* Posted only when the box is not ticked: the first `value` is what the action reads. */}
          <input type="hidden" name="value" value="false" />
        </PropForm>
      ) : (
        <ReadValue icon={<DoneIcon />}>{done ? 'Done' : 'Open'}</ReadValue>
      )}
    </Prop>
  );
}
