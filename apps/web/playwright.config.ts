/**
 * @module playwright.config — end-to-end tests in Debian's Chromium (never a downloaded browser) against an
 * isolated stack and a production build, both started by the global setup.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One browser, tests in order: the suite shares one stack and stays well under a minute.
  workers: 1,
  fullyParallel: false,
  timeout: 20_000,
  expect: { timeout: 5_000 },
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
