/** @module routes/auth/layout — the centred card every sign-in/up/recovery page sits in, with its error boundary. */
import { Link, Outlet } from 'react-router';
import { GeneralErrorBoundary } from '../../components/error-boundary.tsx';

export default function AuthLayout() {
  return (
    <main className="page-center">
      <div className="auth-card">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Lanes
        </Link>
        <Outlet />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="page-center">
      <GeneralErrorBoundary />
    </main>
  );
}
