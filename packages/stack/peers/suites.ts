/**
 * @module peers/suites — the official clients' own server test suites that measure the stack (issue 10):
 * where each lives in the supabase-js monorepo, how its CI starts it, and the tests counted out because this
 * machine cannot run them (never because the stack fails them).
 */

/** A test left out of the count, with the reason; `name` matches jest's full name (describe › test). */
export interface CountedOut {
  name: RegExp;
  why: string;
}

export interface PeerSuite {
  /** The package folder in the supabase-js monorepo. */
  dir: string;
  /** The folder (relative to `dir`) that holds `supabase/`, as its CI passes `--workdir`. */
  workdir: string;
  /** jest's arguments as the package's CI target passes them, minus coverage and `-u`. */
  jestArgs: string[];
  /** Commands the package's CI runs before `supabase start` (e.g. generating signing keys), run with node. */
  before: string[];
  countedOut: CountedOut[];
}

export const suites = {
  postgrest: {
    dir: 'packages/core/postgrest-js',
    workdir: 'test',
    // test/v12 needs a PostgREST 12 container of its own; its CI runs it as a separate target.
    jestArgs: ['--testPathIgnorePatterns=test/v12/'],
    before: [],
    countedOut: [],
  },
  storage: {
    dir: 'packages/core/storage-js',
    workdir: 'test',
    jestArgs: [],
    before: [],
    countedOut: [],
  },
  auth: {
    dir: 'packages/core/auth-js',
    workdir: 'test',
    // docker-tests need GoTrue containers configured differently from `supabase start`; CI runs them apart.
    jestArgs: ['--config', 'jest.config.cli.js'],
    before: ['test/generate-signing-keys.js'],
    countedOut: [],
  },
} satisfies Record<string, PeerSuite>;

export type SuiteName = keyof typeof suites;

export function isSuiteName(name: string): name is SuiteName {
  return Object.hasOwn(suites, name);
}
