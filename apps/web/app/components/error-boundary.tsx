/**
 * @module components/error-boundary — what a route area shows when its loader or render fails: the 404 page
 * for "missing or not yours" (never 403), the session redirect's fallback, or a generic message.
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function NotFound() {
  return (
    <section className="empty-state" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>This page does not exist, or you do not have access to it.</p>
      <p>
        <Link to="/w">Go to your workspaces</Link>
      </p>
    </section>
  );
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const reference =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data !== null
      ? (error.data as { requestId?: string }).requestId
      : undefined;
  return (
    <section className="empty-state" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>Please try again in a moment.{reference ? ` Reference: ${reference}.` : null}</p>
      <p>
        <Link to="/w">Go to your workspaces</Link>
      </p>
    </section>
  );
}
