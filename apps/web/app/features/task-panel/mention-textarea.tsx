/**
 * @module features/task-panel/mention-textarea — a textarea with an ARIA 1.2 combobox for `@` mentions
 * (decision 181): typing `@` lists the workspace's members (avatar, name, handle); arrows move, Enter or Tab
 * picks, Esc closes and keeps the text (without closing the panel). Without JavaScript it is a plain textarea
 * and a typed `@handle` is resolved by the database.
 */
import { type TextareaHTMLAttributes, useId, useRef, useState } from 'react';
import { Avatar } from '#app/components/avatar.tsx';
import {
  findTrigger,
  insertPick,
  type MentionPerson,
  type MentionTrigger,
  matchPeople,
} from './mention-model.ts';

export interface MentionTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  people: MentionPerson[];
  value: string;
  onValueChange(value: string): void;
  /** A person was picked from the list (their handle is now in the text). */
  onPick?(person: MentionPerson): void;
}

export function MentionTextarea({
  people,
  value,
  onValueChange,
  onPick,
  onKeyDown,
  ...rest
}: MentionTextareaProps) {
  const listId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [trigger, setTrigger] = useState<MentionTrigger | null>(null);
  const [active, setActive] = useState(0);
  const options = trigger ? matchPeople(people, trigger.query) : [];
  const open = trigger !== null && options.length > 0;

  function follow(text: string, caret: number) {
    const next = findTrigger(text, caret);
    setTrigger(next);
    if (next?.query !== trigger?.query) setActive(0);
  }

  function pick(person: MentionPerson) {
    const el = area.current;
    if (!el || !trigger) return;
    const next = insertPick(value, trigger, el.selectionStart, person.handle);
    onValueChange(next.text);
    onPick?.(person);
    setTrigger(null);
    // After React has written the new value: the caret goes right after the inserted handle.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <div className="mention-box">
      <textarea
        {...rest}
        ref={area}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setTrigger(null)}
        onKeyDown={(event) => {
          if (open) {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive((now) => (now + step + options.length) % options.length);
              return;
            }
            if (event.key === 'Enter' || event.key === 'Tab') {
              event.preventDefault();
              pick(options[Math.min(active, options.length - 1)]!);
              return;
            }
            if (event.key === 'Escape') {
              // Closes the list only: the panel listens for Esc too and leaves it alone once handled here.
              event.preventDefault();
              setTrigger(null);
              return;
            }
          }
          onKeyDown?.(event);
        }}
      />
      <div id={listId} role="listbox" aria-label="People to mention" className="mention-list" hidden={!open}>
        {options.map((person, index) => (
          <div
            key={person.id}
            // Focus stays in the textarea (aria-activedescendant); -1 keeps the option out of the tab order.
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="mention-option"
            // Picking with the pointer must not blur the textarea first (which would close the list).
            onMouseDown={(event) => {
              event.preventDefault();
              pick(person);
            }}
          >
            <span aria-hidden="true">
              <Avatar name={person.name} path={person.avatarPath} size={24} />
            </span>
            <span className="mention-name">{person.name}</span>
            <span className="mention-handle">@{person.handle}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
