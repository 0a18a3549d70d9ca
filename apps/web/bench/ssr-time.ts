/**
 * @module bench/ssr-time — server render time of a page: sequential GETs with a signed-in cookie, timed from
 * request to the last byte (loaders + React render + transfer), beside the same URL's loaders alone (React
 * Router's `.data` request: the same loaders and serialisation, no render).
 *
 * Both are warmed alike and then sampled in turns, page then data, so that neither rides on the other's JIT
 * warm-up or on a quieter minute of a shared machine (decision 143).
 */
import { percentile, round } from './stats.ts';

export interface SsrTime {
  p50: number;
  p99: number;
  bytes: number;
}

export interface SsrOverLoaders {
  page: SsrTime;
  loaders: SsrTime;
  /** The page's p50 minus the loaders' p50: what the render itself adds. */
  over: number;
}

async function timeGet(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, Accept: 'text/html' } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { elapsed, bytes: body.length };
}

const summary = (samples: number[], bytes: number): SsrTime => ({
  p50: round(percentile(samples, 50)),
  p99: round(percentile(samples, 99)),
  bytes,
});

/**
 * `pageUrl` and its `.data` twin: `warmup` GETs of each (a fresh server's JIT has not yet compiled the render
 * or the loaders), then `requests` GETs of each in turns.
 */
export async function measureSsr(
  pageUrl: string,
  cookie: string,
  requests = 200,
  warmup = 100,
): Promise<SsrOverLoaders> {
  const dataUrl = `${pageUrl}.data`;
  for (let i = 0; i < warmup; i += 1) {
    await timeGet(pageUrl, cookie);
    await timeGet(dataUrl, cookie);
  }
  const page: number[] = [];
  const data: number[] = [];
  let pageBytes = 0;
  let dataBytes = 0;
  for (let i = 0; i < requests; i += 1) {
    const p = await timeGet(pageUrl, cookie);
    const d = await timeGet(dataUrl, cookie);
    page.push(p.elapsed);
    data.push(d.elapsed);
    pageBytes = p.bytes;
    dataBytes = d.bytes;
  }
  const result = { page: summary(page, pageBytes), loaders: summary(data, dataBytes) };
  return { ...result, over: round(result.page.p50 - result.loaders.p50) };
}
