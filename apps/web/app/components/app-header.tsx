/** @module components/app-header — the signed-in chrome: home link, theme switch, who is signed in, sign out. */
import { Form, Link } from 'react-router';
import type { Theme } from '../features/theme/theme.ts';
import { ThemeSwitch } from '../features/theme/theme-switch.tsx';
import { Avatar } from './avatar.tsx';

export interface HeaderUser {
  displayName: string;
  email: string;
}

export function AppHeader({ user, theme }: { user: HeaderUser; theme: Theme }) {
  return (
    <header className="app-header">
      <nav aria-label="Main">
        <Link to="/w" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Lanes
        </Link>
      </nav>
      <div className="header-user">
        <ThemeSwitch theme={theme} />
        <Avatar name={user.displayName} path={null} size={32} eager />
        <span className="name">{user.displayName}</span>
        <Form method="post" action="/sign-out">
          <button type="submit" className="btn btn-quiet">
            Sign out
          </button>
        </Form>
      </div>
    </header>
  );
}
