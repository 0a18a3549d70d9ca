/**
 * @module lib/panel-navigation — the `shouldRevalidate` of the routes above the task panel (root, app layout,
 * workspace, board). React Router's single fetch runs every loader again on each navigation unless its route
 * opts out, so opening a card re-read the user, the profile and the workspace alongside the panel's own data.
 * Nothing above the panel changes when a panel opens, closes, switches or saves, so those routes opt out of
 * exactly that and revalidate as usual for everything else (decision 127).
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** The board's own path under a task URL's path (a board's path is its own board path). */
export const boardPathOf = (pathname: string) => pathname.replace(/\/t\/[^/]+$/, '');
const boardOf = (url: URL) => boardPathOf(url.pathname);

/** A panel opened, closed, switched or written to, without leaving its board. */
export function onlyAPanelChanged({
  currentUrl,
  nextUrl,
  formAction,
}: ShouldRevalidateFunctionArgs): boolean {
  const panelInvolved = [currentUrl.pathname, nextUrl.pathname, formAction ?? ''].some((path) =>
    path.includes('/t/'),
  );
  return panelInvolved && boardOf(currentUrl) === boardOf(nextUrl);
}

export function revalidateUnlessOnlyAPanelChanged(args: ShouldRevalidateFunctionArgs): boolean {
  return onlyAPanelChanged(args) ? false : args.defaultShouldRevalidate;
}
