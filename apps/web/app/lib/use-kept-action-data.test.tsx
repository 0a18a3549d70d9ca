// @vitest-environment happy-dom
/**
 * An action's refusal stays on screen when the page then revalidates on its own (the settings screen does as
 * its members channel joins, and a document POST's answer was wiped a moment after hydration: settings.spec,
 * 1 run in 9 under load), and leaves with a navigation. Real router (`createRoutesStub`), the revalidation
 * and the navigation made in a set order.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub, Form, Link, useActionData, useRevalidator } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { useKeptActionData } from './use-kept-action-data.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let revalidate: () => Promise<void> = async () => {};

function Screen() {
  const answer = useKeptActionData(useActionData() as { error: string } | undefined);
  revalidate = useRevalidator().revalidate;
  return (
    <>
      <Form method="post">
        <button type="submit">Send</button>
      </Form>
      <p role="alert">{answer?.error ?? ''}</p>
      <Link to="/other">Elsewhere</Link>
    </>
  );
}

const Stub = createRoutesStub([
  {
    path: '/',
    Component: Screen,
    HydrateFallback: () => null,
    loader: () => null,
    action: () => ({ error: 'Invitations can grant admin at most.' }),
  },
  { path: '/other', Component: Screen, HydrateFallback: () => null, loader: () => null },
]);

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

const alert = () => host.querySelector('[role="alert"]')?.textContent;
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

it('keeps the refusal through a revalidation, and drops it on a navigation', async () => {
  await act(async () => root.render(<Stub initialEntries={['/']} />));
  await settle();
  await act(async () => host.querySelector('button')!.click());
  await settle();
  expect(alert()).toBe('Invitations can grant admin at most.');

  await act(() => revalidate());
  await settle();
  expect(alert()).toBe('Invitations can grant admin at most.');

  await act(async () => host.querySelector('a')!.click());
  await settle();
  expect(alert()).toBe('');
});
