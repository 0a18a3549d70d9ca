/**
 * @module playwright.config — end-to-end tests in Debian's Chromium (never a downloaded browser; its headless
 * shell when installed) against an isolated stack and a production build, both started by the global setup.
 */
import { defineConfig } from '@playwright/test';
import { chromiumExecutable, traceMode } from './tests/e2e/browser.ts';
import { e2eWorkers, useWorkerEnvironment } from './tests/e2e/workers.ts';

// Workers load this file too: each one points the tests at its own environment.
useWorkerEnvironment();

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two workers unless E2E_WORKERS says otherwise (decisions 104, 107); each has a stack and server of its own,
  // and runs each of its files' tests in order.
  workers: e2eWorkers(),
  fullyParallel: false,
  // Live events cross the stack's Realtime, the app server and a second browser, all on CI's 2 cores. A red CI
  // run failed a live-role test that passes alone, its waits at 5 s; a broken feature still fails, only later.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The list reporter prints every failure again, in full, after the run: the tail of a CI log (all that a
  // failed run's report may keep) then says which step failed and why, not only which test.
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: traceMode(),
  },
});
