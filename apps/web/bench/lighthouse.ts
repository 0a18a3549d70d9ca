/**
 * @module bench/lighthouse — Lighthouse's performance audit (its default mobile profile: a mid-range phone,
 * simulated slow 4G and 4x CPU slowdown) on Debian's Chromium, launched by Lighthouse's own chrome-launcher
 * with `CHROME_PATH`. Signed-in pages get the session cookie through `extraHeaders`.
 */
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import { round } from './stats.ts';

// chrome-launcher is Lighthouse's dependency; take the very copy Lighthouse uses rather than pinning another.
const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
const { launch } = (await import(fromLighthouse.resolve('chrome-launcher'))) as {
  launch(options: { chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

export interface LighthouseScore {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export async function audit(url: string, cookie?: string): Promise<LighthouseScore> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const chrome = await launch({
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits } = result.lhr;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      cls: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    };
  } finally {
    chrome.kill();
  }
}
