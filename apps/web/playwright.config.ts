/**
 * @module playwright.config — end-to-end tests in Debian's Chromium (never a downloaded browser) against an
 * isolated stack and a production build, both started by the global setup.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One browser, tests in order: the suite shares one stack.
  workers: 1,
  fullyParallel: false,
  // Live events cross the stack's Realtime, the app server and a second browser, all on CI's 2 cores. A red CI
  // run failed a live-role test that passes alone, its waits at 5 s; a broken feature still fails, only later.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
});
