/**
 * @module components/card-page — the centred card, with the brand, that the sign-in, invitation and unsubscribe
 * pages sit in.
 */
import { Link } from 'react-router';
import { LogoMark } from './logo-mark.tsx';

export function CardPage({ children }: { children: React.ReactNode }) {
  return (
    <main className="page-center">
      <div className="auth-card">
        <Link to="/" className="brand">
          <LogoMark />
          Lanes
        </Link>
        {children}
      </div>
    </main>
  );
}
