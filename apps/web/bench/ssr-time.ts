/**
 * @module bench/ssr-time — server render time of a big board: sequential GETs of the board page with a
 * signed-in cookie, timed from request to the last byte of the HTML (loader + React render + transfer).
 */
import { percentile, round } from './stats.ts';

export interface SsrTime {
  p50: number;
  p99: number;
  bytes: number;
}

export async function measureSsr(url: string, cookie: string, requests = 200, warmup = 20): Promise<SsrTime> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + requests; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie, Accept: 'text/html' } });
    const html = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`board page answered ${response.status}`);
    if (i >= warmup) samples.push(elapsed);
    bytes = html.length;
  }
  return { p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)), bytes };
}
