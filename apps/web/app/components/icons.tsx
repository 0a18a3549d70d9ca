/**
 * @module components/icons — Lanes' small icon set (decision 201): our own 16 px line icons, inline SVG in the
 * text's colour, one named export each so a screen ships only the icons it uses. Every icon is decoration
 * (`aria-hidden`): it sits beside words, or inside a button that has its own accessible name.
 */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A board's column: three lanes. */
export const ColumnIcon = () => (
  <Icon>
    <rect x="2" y="2.5" width="12" height="11" rx="1.5" />
    <path d="M6 2.5v11M10 2.5v11" />
  </Icon>
);

/** A person (the assignee). */
export const PersonIcon = () => (
  <Icon>
    <circle cx="8" cy="5.5" r="2.75" />
    <path d="M2.75 14c.6-2.6 2.7-4.25 5.25-4.25s4.65 1.65 5.25 4.25" />
  </Icon>
);

/** A calendar page (a due date). */
export const CalendarIcon = () => (
  <Icon>
    <rect x="2" y="3" width="12" height="11" rx="1.5" />
    <path d="M2 6.5h12M5.5 1.75v2.5M10.5 1.75v2.5" />
  </Icon>
);

/** A flag (priority). */
export const FlagIcon = () => (
  <Icon>
    <path d="M3.5 14.5V2M3.5 2.5h8l-1.75 3 1.75 3h-8" />
  </Icon>
);

/** A tag (labels). */
export const TagIcon = () => (
  <Icon>
    <path d="M2 2.5v4.6l6.9 6.9 5.1-5.1L7.1 2H2.5a.5.5 0 0 0-.5.5Z" />
    <circle cx="5" cy="5" r="1" />
  </Icon>
);

/** A ticked circle (done). */
export const DoneIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="6" />
    <path d="m5.5 8.25 1.75 1.75 3.25-3.5" />
  </Icon>
);

/** A tick (the chosen option in a list). */
export const CheckIcon = () => (
  <Icon>
    <path d="m3 8.5 3.25 3.25L13 4.75" />
  </Icon>
);

/** A chevron pointing down (a picker that opens a list). */
export const ChevronDownIcon = () => (
  <Icon>
    <path d="m4 6 4 4 4-4" />
  </Icon>
);

/** Chevrons for a calendar's previous and next month. */
export const ChevronLeftIcon = () => (
  <Icon>
    <path d="m10 4-4 4 4 4" />
  </Icon>
);
export const ChevronRightIcon = () => (
  <Icon>
    <path d="m6 4 4 4-4 4" />
  </Icon>
);

/** A cross (clear, close). */
export const CrossIcon = () => (
  <Icon>
    <path d="m4 4 8 8M12 4l-8 8" />
  </Icon>
);

/** A speech bubble (comments). */
export const CommentIcon = () => (
  <Icon>
    <path d="M2.5 3.5h11v7.5H7l-3 2.5V11H2.5Z" />
  </Icon>
);

/** A paper clip (attachments). */
export const PaperclipIcon = () => (
  <Icon>
    <path d="m13 7.5-5.2 5.2a3 3 0 0 1-4.25-4.25L9 3a2 2 0 0 1 2.85 2.85L6.6 11.1a1 1 0 0 1-1.45-1.45L10 4.8" />
  </Icon>
);

/** A ticked box (checklist items). */
export const ChecklistIcon = () => (
  <Icon>
    <rect x="2.5" y="2.5" width="11" height="11" rx="2" />
    <path d="m5.5 8.25 1.75 1.75 3.25-3.5" />
  </Icon>
);

/** A funnel (filters). */
export const FilterIcon = () => (
  <Icon>
    <path d="M2 3h12L9.5 8.5V13l-3-1.5v-3Z" />
  </Icon>
);

/** A plus (add). */
export const PlusIcon = () => (
  <Icon>
    <path d="M8 3v10M3 8h10" />
  </Icon>
);
