/**
 * @module components/app-header — the signed-in chrome: home link, the notifications bell, theme switch, who
 * is signed in (their avatar and name, leading to /account), sign out.
 */
import { Form, Link } from 'react-router';
import type { Theme } from '#app/lib/theme.ts';
import { Avatar } from './avatar.tsx';
import { LogoMark } from './logo-mark.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

export interface HeaderUser {
  displayName: string;
  email: string;
  /** From the profile (the app layout's loader); null shows initials. */
  avatarPath?: string | null;
}

export function AppHeader({
  user,
  theme,
  bell,
}: {
  user: HeaderUser;
  theme: Theme;
  /** The notifications bell (features/inbox), drawn before the theme switch. */
  bell?: React.ReactNode;
}) {
  return (
    <header className="app-header">
      <nav aria-label="Main">
        <Link to="/w" className="brand">
          <LogoMark />
          Lanes
        </Link>
      </nav>
      <div className="header-user">
        {bell}
        <ThemeSwitch theme={theme} />
        <Link to="/account" className="header-account">
          {/* The name says who; the picture would only say it twice to a screen reader. */}
          <span aria-hidden="true">
            <Avatar name={user.displayName} path={user.avatarPath} size={32} eager />
          </span>
          <span className="name">{user.displayName}</span>
          {/* The name is hidden on phones; the link still says where it goes. */}
          <span className="visually-hidden">Your account</span>
        </Link>
        <Form method="post" action="/sign-out">
          <button type="submit" className="btn btn-quiet">
            Sign out
          </button>
        </Form>
      </div>
    </header>
  );
}
