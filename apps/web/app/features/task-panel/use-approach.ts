/**
 * @module features/task-panel/use-approach — when the property sidebar's pickers mount (decision 200, update
 * "mount on approach"): not with the panel, but once the person comes near the sidebar (pointer over it, focus
 * or a key or press in it). React Aria's mount of each picker is a long task React cannot split; left to the
 * panel's load it was the task URL's whole Total Blocking Time. Until then the plain forms work as they are.
 * It also hands over what the person was doing as a plain control gives way to its picker: focus goes to the
 * picker's control, and a press on the plain control (held back, see `onMouseDownCapture`) opens the picker.
 */
import { createContext, type FocusEvent, type MouseEvent, useCallback, useRef, useState } from 'react';
import { pickersLoaded } from './use-pickers.ts';

/** What a property's picker takes over from its plain form as it mounts. */
export interface HandOver {
  /** The property's plain control held focus as it left (set by the form's unmount, `PropForm`). */
  focused: Set<string>;
  /** The property's plain control was pressed: the picker opens as it mounts. */
  pressed: Set<string>;
}

/** The sidebar's hand-over, for its plain forms and its properties (none: nothing to hand over). */
export const HandOverContext = createContext<HandOver | null>(null);

/** The property (`intent`) whose plain form holds `target`, if it is one of the plain forms. */
function plainIntent(target: EventTarget | null): string | null {
  const form = target instanceof Element ? target.closest('form.task-prop-form') : null;
  const intent = form?.querySelector<HTMLInputElement>('input[name="intent"]')?.value;
  return intent && form?.querySelector('.task-prop-native') ? intent : null;
}

export function useApproach(pickerIntents: readonly string[]) {
  const [near, setNear] = useState(false);
  const handOver = useRef<HandOver>({ focused: new Set(), pressed: new Set() }).current;
  const approach = useCallback(() => setNear(true), []);
  const handlers = {
    onPointerEnter: approach,
    onFocus: (_event: FocusEvent) => approach(),
    onKeyDown: approach,
    onTouchStart: approach,
    /**
     * A press on a plain select while its picker is on its way: the native list would open and vanish under
     * the person's pointer as the picker replaces it, so it is held back and the picker opens instead. Only
     * when the pickers' code is here (offline without it the plain control must keep working).
     */
    onMouseDownCapture: (event: MouseEvent) => {
      approach();
      const intent = plainIntent(event.target);
      if (!intent || !pickerIntents.includes(intent) || !pickersLoaded()) return;
      event.preventDefault();
      handOver.pressed.add(intent);
    },
    /** The click that ends a held-back press: a `<summary>` would open its ticks as the picker arrives. */
    onClickCapture: (event: MouseEvent) => {
      const intent = plainIntent(event.target);
      if (intent && handOver.pressed.has(intent)) event.preventDefault();
    },
  };
  return { near, handOver, handlers };
}
