/** @module components/theme-switch — one button cycling system/light/dark; a plain form without JavaScript. */
import { useFetcher } from 'react-router';
import { nextTheme, type Theme } from '#app/lib/theme.ts';

const LABEL: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };

export function ThemeSwitch({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const next = nextTheme(theme);
  return (
    <fetcher.Form method="post" action="/theme" className="theme-switch">
      <input type="hidden" name="theme" value={next} />
      <button
        type="submit"
        className="btn btn-quiet"
        title={`Switch to ${next}`}
        aria-label={`${LABEL[theme]}. Switch to ${next}`}
      >
        <span aria-hidden="true">{theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}</span>
      </button>
    </fetcher.Form>
  );
}
