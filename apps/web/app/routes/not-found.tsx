/** @module routes/not-found — any unknown path: a real 404 status with the 404 page. */
import { data } from 'react-router';
import { NotFound } from '#app/components/error-boundary.tsx';
import type { Route } from './+types/not-found.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Not found · Lanes' }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return (
    <main className="page-center">
      <NotFound />
    </main>
  );
}
