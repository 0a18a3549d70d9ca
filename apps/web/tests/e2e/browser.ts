/**
 * @module tests/e2e/browser — which Chromium the suite drives and whether it records traces (decision 107).
 */
import { existsSync } from 'node:fs';
import type { TraceMode } from '@playwright/test';

/** Debian's headless shell: the same engine as `/usr/bin/chromium` without the desktop browser around it. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

/**
 * `E2E_CHROMIUM` if set, else the headless shell when Debian's `chromium-headless-shell` is installed (it needs
 * about a third less CPU per test than the full browser in headless mode), else the full browser.
 */
export function chromiumExecutable(): string {
  const chosen = process.env.E2E_CHROMIUM;
  if (chosen) return chosen;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER;
}

const TRACE_MODES: readonly TraceMode[] = [
  'off',
  'on',
  'retain-on-failure',
  'on-first-retry',
  'on-all-retries',
  'retain-on-first-failure',
];

/**
 * `E2E_TRACE` names a Playwright trace mode; off by default. Recording a trace snapshots the page at every
 * action, which doubled the suite's time on two cores, and a trace left in a CI machine's temporary clone is
 * never read. To debug a failure: `E2E_TRACE=retain-on-failure pnpm exec playwright test <spec>`.
 */
export function traceMode(): TraceMode {
  const raw = process.env.E2E_TRACE;
  if (raw === undefined || raw === '') return 'off';
  if (!(TRACE_MODES as readonly string[]).includes(raw)) {
    throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not "${raw}"`);
  }
  return raw as TraceMode;
}
