/** @module features/workspaces/suggest-slug — a likely-free variant of a taken workspace address. */

/** `acme` → `acme-2`…`acme-99` (random, so two people racing for one name rarely get the same hint). */
export function suggestSlug(taken: string, random: () => number = Math.random): string {
  const suffix = `-${2 + Math.floor(random() * 98)}`;
  const base = taken.slice(0, 40 - suffix.length).replace(/-+$/, '');
  return `${base}${suffix}`;
}
