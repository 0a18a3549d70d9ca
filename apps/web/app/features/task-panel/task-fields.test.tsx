// @vitest-environment happy-dom
/**
 * The property sidebar (decision 200): the server's HTML holds plain forms that post without JavaScript (one
 * intent each, a Save button, the labels as ticks); once the pickers' code is in, the same properties are
 * React Aria pickers, opened from the keyboard, and a choice posts the same intent and value as the plain form
 * (real router, real fetcher: no board queue here, so the save goes to the route's action).
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PanelActionResult } from './panel-actions.server.ts';
import { testPanelTask } from './panel-model.fixtures.ts';
import type { PanelModel } from './panel-model.ts';
import { assignable, columnOptions, dueName, PRIORITY_OPTIONS } from './prop-options.ts';
import { TaskFields } from './task-fields.tsx';
import { loadPickers } from './use-pickers.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [TODO, DOING] = [id(3), id(4)];
const COLUMNS = { [TODO]: 'To do', [DOING]: 'Doing' };

const model = (): PanelModel => ({
  task: testPanelTask({
    id: id(1),
    board_id: id(2),
    column_id: TODO,
    created_by: id(0xa1),
    due_on: '2030-05-17',
    labelIds: [id(9)],
  }),
  labels: [
    { id: id(9), board_id: id(2), name: 'Bug', color: 'red', created_at: '2026-11-23T10:00:00+00:00' },
    { id: id(10), board_id: id(2), name: 'Design', color: 'purple', created_at: '2026-11-23T10:00:00+00:00' },
  ],
  people: [
    { id: id(0xa1), name: 'Alice Owner', avatarPath: null, role: 'owner' },
    { id: id(0xc1), name: 'Carol Member', avatarPath: null, role: 'member' },
    { id: id(0xd1), name: 'Dave Viewer', avatarPath: null, role: 'viewer' },
  ],
  comments: [],
  attachments: [],
  checklist: [],
  activity: [],
});

/** Focus comes into the sidebar (a Tab into it): the pickers mount only then (`use-approach`). */
function approach(container: HTMLElement) {
  const select = container.querySelector<HTMLSelectElement>('select.task-prop-native')!;
  act(() => select.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
}

/** What the route's action received, one entry per post. */
const posted: Record<string, string[]>[] = [];

function stub(canEdit = true, answer?: PanelActionResult) {
  return createRoutesStub([
    {
      path: '/',
      Component: () => <TaskFields model={model()} canEdit={canEdit} columns={COLUMNS} answer={answer} />,
      async action({ request }) {
        const form = await request.formData();
        const entry: Record<string, string[]> = {};
        for (const name of new Set(form.keys())) entry[name] = form.getAll(name).map(String);
        posted.push(entry);
        return { intent: entry.intent?.[0] ?? '', ok: true };
      },
    },
  ]);
}

/** Waits (up to 5 s) until `check` passes, letting React and the router run in between. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });
/** Waits until every property's picker has replaced its plain control. */
const pickersReady = (container: HTMLElement) =>
  until(() => expect(container.querySelector('.task-props')?.getAttribute('data-pickers')).toBe('ready'));
const key = (target: Element, name: string, extra: KeyboardEventInit = {}) =>
  act(async () => {
    target.dispatchEvent(
      new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...extra }),
    );
    target.dispatchEvent(
      new KeyboardEvent('keyup', { key: name, bubbles: true, cancelable: true, ...extra }),
    );
  });

describe('the property options', () => {
  it('name priorities, leave viewers off the assignee list unless assigned, keep the board’s column order', () => {
    expect(PRIORITY_OPTIONS.map((o) => o.name)).toEqual(['No priority', 'Low', 'Medium', 'High', 'Urgent']);
    const people = model().people;
    expect(assignable(people, null).map((p) => p.name)).toEqual(['Alice Owner', 'Carol Member']);
    expect(assignable(people, id(0xd1)).map((p) => p.name)).toContain('Dave Viewer');
    expect(columnOptions(COLUMNS)).toEqual([
      { id: TODO, name: 'To do' },
      { id: DOING, name: 'Doing' },
    ]);
    expect([dueName('2030-05-17'), dueName(null)]).toEqual(['May 17, 2030', 'No due date']);
  });
});

describe('TaskFields', () => {
  let root: ReturnType<typeof createRoot> | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    posted.length = 0;
  });

  it('server-renders plain forms that post without JavaScript', () => {
    const Stub = stub();
    const html = renderToString(<Stub />);
    const page = new DOMParser().parseFromString(html, 'text/html');
    const forms = [...page.querySelectorAll('form[method="post"]')];
    const intents = forms.map((f) => f.querySelector<HTMLInputElement>('input[name="intent"]')?.value);
    expect(intents).toEqual(['column', 'assignee', 'due', 'priority', 'labels', 'done']);
    expect(
      forms.every((f) => f.querySelector('button[type="submit"]')?.textContent?.startsWith('Save')),
    ).toBe(true);
    const column = page.querySelector<HTMLSelectElement>('select[aria-labelledby="task-column-label"]')!;
    expect([...column.options].map((o) => [o.value, o.text, o.selected])).toEqual([
      [TODO, 'To do', true],
      [DOING, 'Doing', false],
    ]);
    expect(page.querySelector<HTMLInputElement>('input[type="date"]')!.value).toBe('2030-05-17');
    const ticks = [...page.querySelectorAll<HTMLInputElement>('input[name="labelId"]')];
    expect(ticks.map((t) => t.checked)).toEqual([true, false]);
    expect(page.querySelector('.task-props')!.getAttribute('data-pickers')).toBe('plain');
  });

  it('without JavaScript, shows a refused property’s reason at its field with what was posted', () => {
    const refused = (intent: string, values: Record<string, string>, form: string): PanelActionResult => ({
      intent,
      ok: false,
      errors: { code: 'VALIDATION', fields: {}, form },
      values,
    });
    const render = (answer: PanelActionResult, canEdit = true) => {
      const Stub = stub(canEdit, answer);
      return new DOMParser().parseFromString(renderToString(<Stub />), 'text/html');
    };

    const due = render(refused('due', { value: '1999-01-01' }, 'Pick a date between 2000 and 2100.'));
    const date = due.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(date.value).toBe('1999-01-01');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(due.getElementById(date.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Pick a date between 2000 and 2100.',
    );
    // Only the refused property says so.
    expect(due.querySelectorAll('.field-error')).toHaveLength(1);

    const labels = render(refused('labels', { labelId: id(10) }, 'That label is not on this board.'));
    const ticks = [...labels.querySelectorAll<HTMLInputElement>('input[name="labelId"]')];
    expect(ticks.map((t) => t.checked)).toEqual([false, true]);
    expect(labels.getElementById('task-labels-error')?.textContent).toBe('That label is not on this board.');

    // Demoted since the page was drawn: the stored value, read only, beside the reason.
    const viewer = render(refused('priority', { value: 'urgent' }, 'Viewers cannot change tasks.'), false);
    expect(viewer.getElementById('task-priority-error')?.textContent).toBe('Viewers cannot change tasks.');
    expect(viewer.querySelector('.task-props')!.textContent).toContain('No priority');
    expect(viewer.querySelector('.task-props')!.textContent).not.toContain('Urgent');

    // Another form's answer, or one that worked, changes nothing here.
    const other = render({
      intent: 'comment',
      ok: false,
      errors: { code: 'VALIDATION', fields: {}, form: 'x' },
    });
    expect(other.querySelectorAll('.field-error')).toHaveLength(0);
    expect(other.querySelector<HTMLInputElement>('input[type="date"]')!.value).toBe('2030-05-17');
  });

  it('shows a viewer plain values and no form', () => {
    const Stub = stub(false);
    const page = new DOMParser().parseFromString(renderToString(<Stub />), 'text/html');
    expect(page.querySelectorAll('form')).toHaveLength(0);
    expect(page.querySelector('.task-props')!.textContent).toContain('To do');
    expect(page.querySelector('.task-props')!.textContent).toContain('May 17, 2030');
    expect(page.querySelector('.task-props')!.textContent).toContain('Bug');
  });

  it('the pickers replace the plain forms one per commit, never all in one task', async () => {
    expect(await loadPickers()).not.toBeNull();
    const container = document.body.appendChild(document.createElement('div'));
    // How many plain controls stood after each change of the DOM.
    const plain = () =>
      container.querySelectorAll('select.task-prop-native, input.task-prop-native, details.task-prop-details')
        .length;
    const seen: number[] = [];
    const observer = new MutationObserver(() => {
      if (seen.at(-1) !== plain()) seen.push(plain());
    });
    observer.observe(container, { childList: true, subtree: true });
    root = createRoot(container);
    const Stub = stub();
    await act(async () => root!.render(<Stub />));
    approach(container);
    await pickersReady(container);
    observer.disconnect();
    // Column, assignee, due date, priority, labels: five plain controls, then one picker more at a time.
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('once the pickers are in, Alt+Down opens the priority list and a choice posts the same intent and value', async () => {
    expect(await loadPickers()).not.toBeNull();
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    const Stub = stub();
    await act(async () => root!.render(<Stub />));
    approach(container);
    await pickersReady(container);
    expect(container.querySelectorAll('form')).toHaveLength(1); // only Done stays a plain checkbox

    const button = [...container.querySelectorAll('button')].find((b) =>
      b.getAttribute('aria-labelledby')?.includes('task-priority-label'),
    )!;
    expect(button.textContent).toContain('No priority');
    act(() => button.focus());
    await key(button, 'ArrowDown', { altKey: true });
    const options = () => [...document.querySelectorAll('[role="option"]')];
    await until(() =>
      expect(options().map((o) => o.textContent)).toEqual(['No priority', 'Low', 'Medium', 'High', 'Urgent']),
    );
    // The keyboard inside the list is Chromium's to test (panel-sidebar.spec): happy-dom moves no focus there.
    await act(async () => (options().at(-1) as HTMLElement).click());
    await until(() => expect(posted).toEqual([{ intent: ['priority'], value: ['urgent'] }]));
    await until(() => expect(document.querySelectorAll('[role="listbox"]')).toHaveLength(0));
  });
  const mountPlain = async () => {
    expect(await loadPickers()).not.toBeNull();
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    const Stub = stub();
    await act(async () => root!.render(<Stub />));
    return container;
  };
  const plain = (container: HTMLElement, label: string) =>
    container.querySelector<HTMLElement>(`[aria-labelledby="task-${label}-label"].task-prop-native`)!;

  it('focus on a plain select, as a Tab into the sidebar leaves it, goes on to its picker', async () => {
    const container = await mountPlain();
    act(() => plain(container, 'column').focus());
    await pickersReady(container);
    const button = [...container.querySelectorAll('button')].find((b) =>
      b.getAttribute('aria-labelledby')?.includes('task-column-label'),
    );
    expect(document.activeElement).toBe(button);
  });

  it('a press on a plain select is held back and its picker opens its list instead', async () => {
    const container = await mountPlain();
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    act(() => plain(container, 'priority').dispatchEvent(press));
    expect(press.defaultPrevented).toBe(true);
    await pickersReady(container);
    await until(() =>
      expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
        'No priority',
        'Low',
        'Medium',
        'High',
        'Urgent',
      ]),
    );
  });
});
