/**
 * @module lib/panel-code — the task panel route's code, fetched ahead while the browser is online, so a card
 * still opens once the connection is gone (decision 203). React Router loads a route's modules with `import()` of
 * the URLs in its manifest, and reloads the page when that fails (offline: the browser's offline page, decision
 * 165). A module this page has imported once is in the browser's module map, so that later `import()` needs no
 * network. Loaded itself with `import()` after the board's first paint (`board-screen`).
 */

const TASK_ROUTE = 'routes/app/task';

declare global {
  interface Window {
    __reactRouterManifest?: {
      routes?: Record<string, { module: string; clientLoaderModule?: string } | undefined>;
    };
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

/**
 * Fetches the task route's modules (and their static imports), while online; rejects when they cannot be
 * fetched (the board tries again the next time it is live).
 */
export async function preloadPanelCode(): Promise<void> {
  const route = window.__reactRouterManifest?.routes?.[TASK_ROUTE];
  if (!route) throw new Error('The task route is not in the manifest.');
  const urls = [route.clientLoaderModule, route.module].filter((url): url is string => Boolean(url));
  await Promise.all(urls.map((url) => import(/* @vite-ignore */ url)));
}
