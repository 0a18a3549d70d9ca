// @vitest-environment happy-dom
/**
 * The address follows the name, also when the name was typed before the page's script ran: the server's form,
 * typed into, then hydrated. An address typed by hand (before or after) is left as the person wrote it.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { CreateWorkspaceForm } from './create-workspace-form.tsx';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const Stub = createRoutesStub([{ path: '/w', Component: () => <CreateWorkspaceForm result={undefined} /> }]);
const page = () => <Stub initialEntries={['/w']} />;

let unmount = () => {};
afterEach(() => {
  act(() => unmount());
  document.body.innerHTML = '';
});

/** The server's HTML with `typed` entered into its fields, then the script starts. */
async function typedBeforeScript(typed: { name?: string; slug?: string }) {
  const host = document.createElement('div');
  host.innerHTML = renderToString(page());
  document.body.append(host);
  const field = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  if (typed.name !== undefined) field('name').value = typed.name;
  if (typed.slug !== undefined) field('slug').value = typed.slug;
  await act(async () => {
    const root = hydrateRoot(host, page());
    unmount = () => root.unmount();
  });
  return { name: field('name'), slug: field('slug') };
}

/** Types `value` into `input` as a person would once the script runs (React hears an input event). */
function type(input: HTMLInputElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

it('fills the address from a name typed before the script ran, and follows it after', async () => {
  const { name, slug } = await typedBeforeScript({ name: 'Acme Corp' });
  expect(slug.value).toBe('acme-corp');
  type(name, 'Acme Corporation');
  expect(slug.value).toBe('acme-corporation');
});

it('keeps an address typed by hand before the script ran, whatever the name becomes', async () => {
  const { name, slug } = await typedBeforeScript({ name: 'Acme', slug: 'our-place' });
  expect(slug.value).toBe('our-place');
  type(name, 'Acme Corp');
  expect(slug.value).toBe('our-place');
});

it('leaves both empty when nothing was typed, then follows the name', async () => {
  const { name, slug } = await typedBeforeScript({});
  expect(slug.value).toBe('');
  type(name, 'Roadmap Team');
  expect(slug.value).toBe('roadmap-team');
});
