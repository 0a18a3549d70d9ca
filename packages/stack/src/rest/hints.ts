/**
 * @module rest/hints — the "Perhaps you meant" suggestions in error hints: PostgREST's fuzzy set for
 * tables, functions and relationships, Postgres' own edit-distance pick for columns.
 */

/** Levenshtein distance (unit costs), as Postgres uses for its "Perhaps you meant" hints. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The n-grams a fuzzy set indexes: lowercase letters, digits, commas and spaces, padded with `-`. */
function grams(value: string, n: number): Set<string> {
  const padded = `-${value.toLowerCase().replace(/[^a-z0-9\u00c0-\u00ff, ]+/g, '')}-`;
  const out = new Set<string>();
  for (let i = 0; i + n <= padded.length; i++) out.add(padded.slice(i, i + n));
  return out;
}

/**
 * PostgREST's "Perhaps you meant" pick (a fuzzy set): among candidates sharing a trigram (else a
 * bigram) with the query, the best 1 - distance / longer length, case-insensitive, if it reaches
 * `minScore` (0.33; PostgREST asks 0.75 of table and function names, so as not to reveal far ones).
 */
export function fuzzyOne(
  query: string,
  candidates: Iterable<string>,
  exclude?: (c: string) => boolean,
  minScore = 0.33,
): string | null {
  const list = [...candidates].filter((c) => !exclude?.(c));
  const q = query.toLowerCase();
  for (const n of [3, 2]) {
    const qGrams = grams(query, n);
    let best: string | null = null;
    let score = minScore;
    for (const c of list) {
      if (![...grams(c, n)].some((g) => qGrams.has(g))) continue;
      const lc = c.toLowerCase();
      const s = 1 - distance(q, lc) / Math.max(q.length, lc.length, 1);
      if (s >= score && (best === null || s > score)) {
        best = c;
        score = s;
      }
    }
    if (best !== null) return best;
  }
  return null;
}

/** The score PostgREST's table and function name hints must reach. */
export const NAME_HINT_SCORE = 0.75;

/** Postgres' suggestion: the closest column within 3 edits and half its length; none on a tie. */
export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = 4;
  let tie = false;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d > Math.floor(c.length / 2)) continue;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return tie ? null : best;
}
