// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// React's `act` warns unless the environment says it is a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// The hook keeps a page-wide flag: every test starts from a fresh page.
let useHydrated: typeof import('./use-hydrated.ts').useHydrated;
beforeEach(async () => {
  vi.resetModules();
  ({ useHydrated } = await import('./use-hydrated.ts'));
  document.body.innerHTML = '';
});

function probe(seen: boolean[]) {
  return function Probe() {
    const hydrated = useHydrated();
    seen.push(hydrated);
    return <span>{hydrated ? 'hydrated' : 'server'}</span>;
  };
}

describe('useHydrated', () => {
  it('answers as the server did while hydrating, then switches, without a hydration error', async () => {
    const seen: boolean[] = [];
    const Probe = probe(seen);
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Probe />);
    document.body.append(host);
    expect(host.textContent).toBe('server');
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(host, <Probe />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(host.textContent).toBe('hydrated');
    // Server, hydrating render, then the switch: false, false, true.
    expect(seen).toEqual([false, false, true]);
    act(() => root?.unmount());
  });

  it('starts out true in a component mounted after the page hydrated, with no second render', async () => {
    const first = document.createElement('div');
    document.body.append(first);
    const FirstProbe = probe([]);
    const firstRoot = createRoot(first);
    await act(async () => firstRoot.render(<FirstProbe />));

    const seen: boolean[] = [];
    const Later = probe(seen);
    const later = document.createElement('div');
    document.body.append(later);
    const laterRoot = createRoot(later);
    await act(async () => laterRoot.render(<Later />));
    expect(seen).toEqual([true]);
    expect(later.textContent).toBe('hydrated');
    act(() => {
      firstRoot.unmount();
      laterRoot.unmount();
    });
  });
});
