// @vitest-environment happy-dom
/**
 * A field shows the value the user chose last, from the click on: a second change made while the first is
 * still settling (its action done, the loaders revalidating) must not show the first one's value meanwhile.
 * Chromium caught it: the second label's checkbox stayed unchecked right after its click, because the hook
 * preferred the fetcher's older form to the one just sent. Real router (`createRoutesStub`), real fetcher.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useFieldSave } from './use-field-save.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const server = { labelIds: [] as string[] };
let actionGate = gate();
let loaderGate: ReturnType<typeof gate> | null = null;
/** What each render showed as chosen, in order. */
const shown: string[] = [];

function Labels() {
  const stored = useLoaderData() as string[];
  const field = useFieldSave('task-1', 'labels');
  const chosen = field.pending ? field.pending.getAll('labelId').map(String) : stored;
  shown.push(chosen.join(','));
  return ['bug', 'design'].map((id) => (
    <input
      key={id}
      type="checkbox"
      aria-label={id}
      checked={chosen.includes(id)}
      onChange={(e) =>
        field.save({ labelId: e.target.checked ? [...chosen, id] : chosen.filter((x) => x !== id) })
      }
    />
  ));
}

const Stub = createRoutesStub([
  {
    path: '/',
    Component: Labels,
    HydrateFallback: () => null,
    async loader() {
      await loaderGate?.promise;
      return [...server.labelIds];
    },
    async action({ request }) {
      const form = await request.formData();
      await actionGate.promise;
      server.labelIds = form.getAll('labelId').map(String);
      return { ok: true };
    },
  },
]);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useFieldSave', () => {
  let root: ReturnType<typeof createRoot> | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('shows the newest change at once while an earlier one is still revalidating', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () => root!.render(<Stub />));
    await settle();
    const box = (id: string) => container.querySelector<HTMLInputElement>(`[aria-label="${id}"]`)!;

    // The first label: its action finishes, then the loaders' revalidation is held open.
    loaderGate = gate();
    await act(async () => box('bug').click());
    expect(box('bug').checked).toBe(true);
    await act(async () => actionGate.open());
    await settle();
    expect(box('bug').checked).toBe(true);

    // The second label, while the first still revalidates: no render may show it unchecked.
    actionGate = gate();
    shown.length = 0;
    await act(async () => box('design').click());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((value) => value !== 'bug,design')).toEqual([]);
    expect(box('design').checked).toBe(true);

    // Everything settles on what the server holds.
    await act(async () => actionGate.open());
    await act(async () => loaderGate!.open());
    await settle();
    expect(server.labelIds).toEqual(['bug', 'design']);
    expect([box('bug').checked, box('design').checked]).toEqual([true, true]);
  });
});
