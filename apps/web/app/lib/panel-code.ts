/**
 * @module lib/panel-code — the task panel route's code, fetched ahead while the browser is online, so a card
 * still opens once the connection is gone (decision 203). React Router loads a route's modules with `import()` of
 * the URLs in its manifest, and reloads the page when that fails (offline: the browser's offline page, decision
 * 165). A module this page has imported once is in the browser's module map, so that later `import()` needs no
 * network. Nothing here runs before the board's first paint.
 */

const TASK_ROUTE = 'routes/app/task';

interface RouteEntry {
  module: string;
  clientLoaderModule?: string;
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes?: Record<string, RouteEntry | undefined> };
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

let loaded = false;
let loading = false;

/** Whether opening a task needs no network for its code: fetched ahead, or opened once already. */
export function panelCodeReady(): boolean {
  return loaded || TASK_ROUTE in (window.__reactRouterRouteModules ?? {});
}

/**
 * Fetches the task route's modules (and their static imports) once, while online. A fetch that fails is not
 * remembered as done; the next call tries again.
 */
export function preloadPanelCode(): void {
  if (loaded || loading || !navigator.onLine) return;
  const route = window.__reactRouterManifest?.routes?.[TASK_ROUTE];
  if (!route) return;
  loading = true;
  const urls = [route.clientLoaderModule, route.module].filter((url): url is string => Boolean(url));
  void Promise.all(urls.map((url) => import(/* @vite-ignore */ url)))
    .then(() => {
      loaded = true;
      // Said on the page, for the end-to-end tests to wait on (a positive signal, not a pause).
      document.documentElement.dataset.panelCode = 'ready';
    })
    .catch(() => undefined)
    .finally(() => {
      loading = false;
    });
}
