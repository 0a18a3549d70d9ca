/** @module routes/auth/layout — the centred card every sign-in/up/recovery page sits in, with its error boundary. */
import { Outlet } from 'react-router';
import { CardPage } from '#app/components/card-page.tsx';
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx';

export default function AuthLayout() {
  return (
    <CardPage>
      <Outlet />
    </CardPage>
  );
}

export function ErrorBoundary() {
  return (
    <main className="page-center">
      <GeneralErrorBoundary />
    </main>
  );
}
