/** @module routes/theme — stores the theme choice in a cookie; back to the page without JavaScript. */
import { data, redirect } from 'react-router';
import { safeNext } from '#app/lib/safe-next.ts';
import { themeCookie } from '#app/lib/theme.server.ts';
import { isTheme } from '#app/lib/theme.ts';
import type { Route } from './+types/theme.ts';

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get('theme');
  if (!isTheme(theme)) throw data('Unknown theme', { status: 400 });
  const headers = { 'Set-Cookie': themeCookie(theme) };
  // A fetcher submission stays on the page; a plain form post goes back where it came from.
  const referer = request.headers.get('Referer');
  const back = referer ? new URL(referer) : null;
  if (request.headers.get('Sec-Fetch-Mode') === 'navigate' && back) {
    throw redirect(safeNext(`${back.pathname}${back.search}`, '/'), { headers });
  }
  return data({ theme }, { headers });
}
