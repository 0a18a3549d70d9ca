/**
 * @module components/menu — a menu of actions with the WAI-ARIA menu pattern: arrows, Home/End and first
 * letters move between items, Enter or Space runs one, Escape and Tab close it and focus returns to its opener.
 * `MenuButton` opens it from a button; `Menu` alone is for menus opened some other way (a context menu).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuItem {
  label: string;
  onSelect(): void;
  /** A checkbox item stays open when toggled, so several can be changed in a row. */
  checked?: boolean;
  /** Shown before the label (a colour dot), hidden from assistive technology. */
  icon?: ReactNode;
  danger?: boolean;
}

export interface MenuProps {
  label: string;
  items: MenuItem[];
  onClose(): void;
  /** Fixed position (a context menu); without it the menu sits under its positioned parent. */
  at?: { x: number; y: number };
  id?: string;
}

export function Menu({ label, items, onClose, at, id }: MenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusables = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  // The latest `onClose` without re-running the effect (which would move focus back to the first item).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = focusables();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const key = event.key.toLowerCase();
      const next = all.findIndex((el, i) => i > at && el.textContent?.trim().toLowerCase().startsWith(key));
      const first = all.findIndex((el) => el.textContent?.trim().toLowerCase().startsWith(key));
      if (next >= 0 || first >= 0) go(next >= 0 ? next : first);
    } else return;
    if (event.key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      className="menu"
      // Kept inside the window: a menu opened near the right or bottom edge opens towards the middle.
      style={
        at
          ? {
              position: 'fixed',
              left: Math.max(4, Math.min(at.x, window.innerWidth - 224)),
              top: Math.max(4, Math.min(at.y, window.innerHeight - 240)),
              right: 'auto',
            }
          : undefined
      }
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <MenuEntry key={item.label} item={item} onClose={onClose} />
      ))}
    </div>
  );
}

function MenuEntry({ item, onClose }: { item: MenuItem; onClose(): void }) {
  // A checkbox item stays open; an action closes the menu (focus back to the opener) and then runs.
  const run = () => {
    if (item.checked === undefined) onClose();
    item.onSelect();
  };
  const common = {
    className: item.danger ? 'menu-item is-danger' : 'menu-item',
    onClick: run,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      run();
    },
  };
  const icon = item.icon ? <span aria-hidden="true">{item.icon}</span> : null;
  if (item.checked === undefined) {
    return (
      <div role="menuitem" tabIndex={-1} {...common}>
        {icon}
        {item.label}
      </div>
    );
  }
  return (
    <div role="menuitemcheckbox" aria-checked={item.checked} tabIndex={-1} {...common}>
      <span className="menu-check" aria-hidden="true">
        {item.checked ? '✓' : ''}
      </span>
      {icon}
      {item.label}
    </div>
  );
}

export interface MenuButtonProps {
  /** The button's accessible name ("Column actions for Doing"). */
  label: string;
  items: MenuItem[];
  children: ReactNode;
  className?: string;
}

export function MenuButton({ label, items, children, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="menu-anchor">
      <button
        ref={button}
        type="button"
        className={className ?? 'btn-quiet menu-button'}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        // While open, a press on the button closes through `onClick`, not through "pressed outside the menu".
        onPointerDown={(event) => open && event.stopPropagation()}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open ? <Menu id={id} label={label} items={items} onClose={close} /> : null}
    </div>
  );
}
