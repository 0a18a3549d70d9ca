/**
 * @module features/task-panel/prop-pickers — the property sidebar's pickers, built on React Aria Components
 * (decision 200): a listbox picker (column, priority), a type-to-filter combo box (assignee), a multi-select
 * listbox (labels) and a date picker with a calendar (due date). Loaded on demand once the panel has painted
 * (`use-pickers`), never with the board; until then, and without JavaScript, `prop-forms` stands in at the
 * same size. React Aria gives the keyboard: Enter, Space or Alt+Down opens, arrows move, letters jump, Esc
 * closes the picker (and stops there, so the panel stays open).
 */
import { type CalendarDate, parseDate } from '@internationalized/date';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  ComboBox,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import {
  CalendarIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CrossIcon,
} from '#app/components/icons.tsx';
import { NONE, type Option } from './prop-options.ts';

export interface PickerProps {
  /** The id of the property's label (its `<dt>`). */
  labelledBy: string;
  /** The refusal shown under the property, if any. */
  errorId: string | null;
  icon: ReactNode;
  /** Opens as it mounts: the person pressed the plain control it replaces (`use-approach`). */
  open?: boolean | undefined;
}

const described = (errorId: string | null) =>
  errorId ? { 'aria-describedby': errorId, isInvalid: true as const } : {};

function Options({ options }: { options: Option[] }) {
  return (
    <Popover className="task-prop-popover" placement="bottom start" offset={4}>
      <ListBox className="task-prop-list" items={options}>
        {(option) => (
          <ListBoxItem id={option.id} textValue={option.name} className="task-prop-option">
            {({ isSelected }) => (
              <>
                <span>{option.name}</span>
                {isSelected ? <CheckIcon /> : null}
              </>
            )}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}

/** One value from a short list (column, priority): a button that opens a listbox. */
export function ListPicker(
  props: PickerProps & { options: Option[]; value: string; onChange(value: string): void },
) {
  const { labelledBy, errorId, icon, options, value, onChange, open } = props;
  return (
    <Select
      className="task-prop-picker"
      aria-labelledby={labelledBy}
      defaultOpen={open ?? false}
      value={value}
      onChange={(key) => {
        if (key !== null && String(key) !== value) onChange(String(key));
      }}
      {...described(errorId)}
    >
      <Button className="task-prop-control task-prop-button">
        {icon}
        <SelectValue className="task-prop-value" />
        <ChevronDownIcon />
      </Button>
      <Options options={options} />
    </Select>
  );
}

/**
 * Esc in the combo box's text box closes its open list; React Aria lets that Esc go on up the page, where the
 * panel would take it as "close the panel". Marked as handled, it stops at the list (panel-frame checks).
 */
function keepPanelOpen(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Escape' && event.currentTarget.getAttribute('aria-expanded') === 'true')
    event.preventDefault();
}

/** The assignee: type to filter the workspace's people; "Unassigned" clears it. */
export function PersonPicker(
  props: PickerProps & { options: Option[]; value: string | null; onChange(value: string | null): void },
) {
  const { labelledBy, errorId, icon, options, value, onChange } = props;
  const all = [{ id: NONE, name: 'Unassigned' }, ...options];
  return (
    <ComboBox
      className="task-prop-picker"
      aria-labelledby={labelledBy}
      defaultItems={all}
      selectedKey={value ?? NONE}
      menuTrigger="focus"
      onSelectionChange={(key) => {
        // Leaving the box empty picks nothing (key null): the assignee stays as it was.
        if (key === null) return;
        const next = key === NONE ? null : String(key);
        if (next !== value) onChange(next);
      }}
      {...described(errorId)}
    >
      <Group className="task-prop-control task-prop-combo">
        {icon}
        <Input className="task-prop-input" onKeyDown={keepPanelOpen} />
        <Button className="task-prop-icon-button" aria-label="Show people">
          <ChevronDownIcon />
        </Button>
      </Group>
      <Options options={all} />
    </ComboBox>
  );
}

/** Labels: several at once; the list stays open while they are ticked, each tick saves. */
export function LabelsPicker(
  props: PickerProps & {
    options: (Option & { color: string })[];
    value: string[];
    onChange(value: string[]): void;
  },
) {
  const { labelledBy, errorId, icon, options, value, onChange, open } = props;
  const chosen = options.filter((o) => value.includes(o.id));
  return (
    <Select
      className="task-prop-picker"
      aria-labelledby={labelledBy}
      defaultOpen={open ?? false}
      selectionMode="multiple"
      value={value}
      onChange={(keys) => onChange(keys.map(String))}
      {...described(errorId)}
    >
      <Button className="task-prop-control task-prop-button task-prop-labels-button">
        {icon}
        {/* The button is named by its value and label, so the visible chips are part of its name. */}
        <SelectValue className="task-prop-value">
          {chosen.length === 0 ? 'No labels' : <LabelChips labels={chosen} />}
        </SelectValue>
        <ChevronDownIcon />
      </Button>
      <Popover className="task-prop-popover" placement="bottom start" offset={4}>
        <ListBox className="task-prop-list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} className="task-prop-option">
              {({ isSelected }) => (
                <>
                  <span className="task-prop-chip-name">
                    <span className={`label-dot label-${option.color}`} aria-hidden="true" />
                    {option.name}
                  </span>
                  {isSelected ? <CheckIcon /> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** The chosen labels as dots and names (the button's text, so a screen reader hears them). */
export function LabelChips({ labels }: { labels: (Option & { color: string })[] }) {
  return (
    <span className="task-prop-chips">
      {labels.map((label) => (
        <span key={label.id} className="task-prop-chip">
          <span className={`label-dot label-${label.color}`} aria-hidden="true" />
          {label.name}
        </span>
      ))}
    </span>
  );
}

const FIRST = parseDate('2000-01-01');
const LAST = parseDate('2100-12-31');
const inRange = (day: CalendarDate) => day.compare(FIRST) >= 0 && day.compare(LAST) <= 0;

const toDay = (value: string | null) => (value ? parseDate(value) : null);

/**
 * The due date: typed in its segments (arrows or digits) or picked in the calendar; a complete date in range
 * saves at once, as each pick of a list does. The clear button sits beside it.
 */
export function DuePicker(
  props: PickerProps & { value: string | null; onChange(value: string | null): void },
) {
  const { labelledBy, errorId, icon, value, onChange } = props;
  // What the segments hold while a date is being typed: a year typed digit by digit passes through 0002 and
  // 0020, dates not saved and not to be thrown away either.
  const [draft, setDraft] = useState<CalendarDate | null>(() => toDay(value));
  useEffect(() => setDraft(toDay(value)), [value]);
  return (
    <span className="task-prop-due">
      <DatePicker
        className="task-prop-picker"
        aria-labelledby={labelledBy}
        value={draft}
        minValue={FIRST}
        maxValue={LAST}
        onChange={(day) => {
          setDraft(day);
          if (day && inRange(day) && day.toString() !== value) onChange(day.toString());
        }}
        {...described(errorId)}
      >
        <Group className="task-prop-control task-prop-date">
          {icon}
          <DateInput className="task-prop-segments">
            {(segment) => <DateSegment segment={segment} className="task-prop-segment" />}
          </DateInput>
          <Button className="task-prop-icon-button" aria-label="Open the calendar">
            <CalendarIcon />
          </Button>
        </Group>
        <Popover className="task-prop-popover" placement="bottom end" offset={4}>
          <Dialog className="task-prop-calendar-dialog" aria-label="Choose a due date">
            <Calendar className="task-prop-calendar">
              <header className="task-prop-calendar-head">
                <Button slot="previous" className="task-prop-icon-button" aria-label="Previous month">
                  <ChevronLeftIcon />
                </Button>
                <Heading className="task-prop-calendar-title" />
                <Button slot="next" className="task-prop-icon-button" aria-label="Next month">
                  <ChevronRightIcon />
                </Button>
              </header>
              <CalendarGrid className="task-prop-calendar-grid">
                {(date) => <CalendarCell date={date} className="task-prop-day" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      {value ? (
        <Button className="task-prop-icon-button task-prop-clear" onPress={() => onChange(null)}>
          <CrossIcon />
          <span className="visually-hidden">Clear the due date</span>
        </Button>
      ) : null}
    </span>
  );
}
