/**
 * @module lib/use-kept-action-data — a route's action answer, kept while the page only revalidates: React Router
 * drops `actionData` on any revalidation that is not the action's own, so a live screen that revalidates on its
 * own (settings, as its members channel joins) would wipe a refusal the person has not read yet. Cleared by the
 * next answer or a navigation.
 */
import { useRef } from 'react';
import { useLocation } from 'react-router';

export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const kept = useRef({ key, data: actionData });
  // Idempotent for the same inputs, so a repeated render (StrictMode) keeps the same answer.
  if (actionData != null || kept.current.key !== key) kept.current = { key, data: actionData };
  return kept.current.data ?? undefined;
}
