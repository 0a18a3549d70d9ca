/**
 * @module lib/names — how the screens compare and order people's and labels' names: alphabetically, case and
 * accents aside. One rule for the first HTML, live updates and every screen, so a list never reorders itself
 * when a row arrives (Postgres sorts by its collation, C.UTF-8 locally, which puts "Zed" before "apple").
 */

/** A name folded for comparison: no accents, lower case. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * Names in alphabetical order, case and accents aside, as the text filter compares them. Not `localeCompare`:
 * its first call starts ICU's collator in the middle of the board's hydration (timed in decision 129).
 */
export function byName(a: string, b: string): number {
  const [x, y] = [fold(a), fold(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Records with a `name`, in `byName` order. */
export const byNameField = (a: { name: string }, b: { name: string }): number => byName(a.name, b.name);
