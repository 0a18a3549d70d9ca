/**
 * @module bench/lighthouse — Lighthouse's performance audit (its default mobile profile: a mid-range phone,
 * simulated slow 4G and 4x CPU slowdown) on Debian's Chromium, launched by Lighthouse's own chrome-launcher
 * with `CHROME_PATH`. Signed-in pages get the session cookie in the browser's own cookie jar (set over the
 * DevTools protocol before the audit), so the page's scripts and its live connection are signed in too; an
 * `extraHeaders` cookie reached only the requests Lighthouse itself made (decision 117). Each page is audited
 * `LIGHTHOUSE_RUNS` times (5 unless set) and reported by Lighthouse's own median run (decision 163). With
 * `LIGHTHOUSE_JSON_DIR=<dir>` each median run's full report is written there as JSON.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { round } from './stats.ts';

// chrome-launcher is Lighthouse's dependency; take the very copy Lighthouse uses rather than pinning another.
const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
const { launch } = (await import(fromLighthouse.resolve('chrome-launcher'))) as {
  launch(options: { chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

export interface LighthouseScore {
  score: number;
  /** The first paint in the audit's own unthrottled trace, which the simulated metrics build on. */
  observedFcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The lowest and highest score of all runs, the median run's included. */
  range: [number, number];
  runs: number;
  /** Each run's Total Blocking Time, in run order (the median run's hides how far the runs spread). */
  tbtRunsMs: number[];
}

type Report = Parameters<typeof computeMedianRun>[0][number];

/**
 * Audits `url` several times and reports the run Lighthouse itself calls the median (nearest the median first
 * paint and time to interactive). One run's score moves by up to ten points here between identical runs
 * (decision 118), and Lighthouse's guidance on variability is to read the median of five.
 */
export async function audit(
  url: string,
  cookie?: string,
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5),
): Promise<LighthouseScore> {
  const reports: Report[] = [];
  for (let i = 0; i < runs; i += 1) reports.push(await auditOnce(url, cookie));
  const median = computeMedianRun(reports);
  // The whole report, for reading what a score hides: the LCP element and its phases, observed paint times,
  // the request waterfall, long tasks (decision 118).
  const dir = process.env.LIGHTHOUSE_JSON_DIR;
  if (dir) writeFileSync(`${dir}/${reportName(url)}.json`, JSON.stringify(median));
  const scores = reports.map(scoreOf);
  const { audits } = median;
  return {
    score: scoreOf(median),
    observedFcpMs: Math.round(observedFcp(audits.metrics?.details) ?? Number.NaN),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    cls: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    range: [Math.min(...scores), Math.max(...scores)],
    runs,
    tbtRunsMs: reports.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? Number.NaN)),
  };
}

const scoreOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);

async function auditOnce(url: string, cookie?: string): Promise<Report> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const chrome = await launch({
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-dev-shm-usage',
      // Paint holding keeps the previous page (Lighthouse's about:blank) on screen until the new one has
      // content; in this GPU-less headless Chromium the renderer's frames go undrawn meanwhile and its frame
      // clock drops to one tick a second, so every page, the tiny /sign-in included, first painted 2.3 s in
      // with the main thread idle. Playwright turns it off for the same reason (decision 119).
      '--disable-features=PaintHolding',
    ],
  });
  try {
    if (cookie) await setCookies(chrome.port, url, cookie);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { finalDisplayedUrl } = result.lhr;
    // A page that sent the browser to sign in was not audited signed in.
    if (cookie && new URL(finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} was audited as ${finalDisplayedUrl}: the session cookie did not hold`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Puts a `Cookie` header's pairs into the browser's cookie jar for `url`'s origin (one `Storage.setCookies`
 * call on the browser target). Lighthouse's storage reset clears caches and site storage, not cookies.
 */
async function setCookies(port: number, url: string, header: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cookies = header
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url, path: '/' };
    });
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error('DevTools connection failed'));
  });
  try {
    const answer = await new Promise<{ error?: { message: string } }>((resolve) => {
      socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
    });
    if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
  } finally {
    socket.close();
  }
}

/** `/w/acme/b/<id>` → `w_acme_b_<id>`: one report file per audited path. */
function reportName(url: string): string {
  return new URL(url).pathname.replace(/[^a-z0-9-]+/gi, '_').replace(/^_|_$/g, '') || 'home';
}

/** The `metrics` audit's `observedFirstContentfulPaint` (its details are a one-item table). */
function observedFcp(details: unknown): number | undefined {
  const items = (details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items;
  return items?.[0]?.observedFirstContentfulPaint;
}
