/**
 * @module tests/e2e/workers — how many Playwright workers run (`E2E_WORKERS`, default 2) and, inside a worker,
 * which environment it tests: each worker gets a stack and app server of its own (decision 104), so no test
 * shares data, sign-in limits or an inbox with a test running at the same moment.
 */

export interface EnvironmentUrls {
  appUrl: string;
  apiUrl: string;
  inboxUrl: string;
}

const MAX_WORKERS = 4;
/**
 * Two: the suite mostly waits (about a third of a core per worker), and beside the other suites it was the
 * whole critical path of `pnpm test` with one worker (decision 107).
 */
const DEFAULT_WORKERS = 2;

/** `E2E_WORKERS`: a whole number from 1 to 4; anything else stops the run naming the variable. */
export function e2eWorkers(): number {
  const raw = process.env.E2E_WORKERS;
  if (raw === undefined || raw === '') return DEFAULT_WORKERS;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    throw new Error(`E2E_WORKERS must be a whole number from 1 to ${MAX_WORKERS}, not "${raw}"`);
  }
  return count;
}

/** Hands every worker's environment to the workers (they inherit the runner's variables). */
export function publishEnvironments(environments: EnvironmentUrls[]): void {
  process.env.E2E_ENVIRONMENTS = JSON.stringify(environments);
  useEnvironment(environments[0]!);
}

function useEnvironment(urls: EnvironmentUrls): void {
  process.env.E2E_APP_URL = urls.appUrl;
  process.env.E2E_API_URL = urls.apiUrl;
  process.env.E2E_INBOX_URL = urls.inboxUrl;
}

/**
 * In a worker (Playwright sets `TEST_PARALLEL_INDEX` before it loads the config), points `E2E_*_URL` at the
 * environment of the worker's slot; tests read those variables as with one worker. Elsewhere does nothing.
 */
export function useWorkerEnvironment(): void {
  const slot = process.env.TEST_PARALLEL_INDEX;
  const published = process.env.E2E_ENVIRONMENTS;
  if (slot === undefined || !published) return;
  const environments = JSON.parse(published) as EnvironmentUrls[];
  const own = environments[Number(slot)];
  if (!own) throw new Error(`no e2e environment for worker slot ${slot} of ${environments.length}`);
  useEnvironment(own);
}
