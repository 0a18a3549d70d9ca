import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyUrl, forgetEarly, KEEP_MS, MAX_KEPT, readEarly, takeEarly } from './early-panel.ts';

const PANEL = { model: { task: { id: 't1' } }, me: 'u1' };
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

let requests: { url: string; signal: AbortSignal }[];
let answer: () => Promise<Response>;

beforeEach(() => {
  requests = [];
  answer = async () => json(PANEL);
  // The network is the browser's business; what is tested here is what is kept, for how long, and for whom.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, signal: init.signal! });
    return answer();
  });
});

afterEach(() => {
  forgetEarly();
  vi.unstubAllGlobals();
});

describe('early panel reads', () => {
  it('reads the task URL’s JSON twin once, and hands the answer to one opening only', async () => {
    readEarly('/w/acme/b/b1/t/t1', 1_000);
    readEarly('/w/acme/b/b1/t/t1', 1_500);
    expect(requests.map((r) => r.url)).toEqual([earlyUrl('/w/acme/b/b1/t/t1')]);
    expect(earlyUrl('/w/acme/b/b1/t/t1')).toBe('/w/acme/b/b1/t/t1/panel');
    await expect(takeEarly('/w/acme/b/b1/t/t1', 2_000)).resolves.toEqual(PANEL);
    // Taken: the panel's own revalidations read afresh.
    expect(takeEarly('/w/acme/b/b1/t/t1', 2_001)).toBeNull();
  });

  it('keeps an answer for KEEP_MS from the start of its read, then reads again', async () => {
    readEarly('/t/a', 0);
    expect(takeEarly('/t/a', KEEP_MS)).toBeNull();
    readEarly('/t/a', 0);
    readEarly('/t/a', KEEP_MS);
    expect(requests).toHaveLength(3);
    await expect(takeEarly('/t/a', KEEP_MS + 1)).resolves.toEqual(PANEL);
  });

  it('answers null for a refusal, a redirect, a page that is not JSON or no network', async () => {
    const cases: (() => Promise<Response>)[] = [
      async () => json({ code: 'NOT_FOUND' }, { status: 404 }),
      // `redirect: 'manual'` turns a redirect to sign-in into an opaque answer with status 0.
      async () => Response.error(),
      async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    for (const [i, next] of cases.entries()) {
      answer = next;
      readEarly(`/t/${i}`, 0);
      await expect(takeEarly(`/t/${i}`, 1)).resolves.toBeNull();
    }
  });

  it(`keeps at most ${MAX_KEPT} reads, dropping and aborting the oldest`, async () => {
    for (let i = 0; i <= MAX_KEPT; i += 1) readEarly(`/t/${i}`, i);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests.slice(1).every((r) => !r.signal.aborted)).toBe(true);
    expect(takeEarly('/t/0', MAX_KEPT + 1)).toBeNull();
    await expect(takeEarly(`/t/${MAX_KEPT}`, MAX_KEPT + 1)).resolves.toEqual(PANEL);
  });

  it('forgets every read when the board writes', () => {
    readEarly('/t/a', 0);
    readEarly('/t/b', 0);
    forgetEarly();
    expect(requests.every((r) => r.signal.aborted)).toBe(true);
    expect(takeEarly('/t/a', 1)).toBeNull();
    expect(takeEarly('/t/b', 1)).toBeNull();
  });
});
