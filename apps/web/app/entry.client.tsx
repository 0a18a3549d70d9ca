/**
 * @module entry.client — React Router's default client entry, except that router state changes are not React
 * transitions (`useTransitions={false}`): a panel's data renders in one go instead of 5 ms slices that the
 * other processes on the machine stretch out (decision 166). Hydration itself stays a transition.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter useTransitions={false} />
    </StrictMode>,
  );
});
