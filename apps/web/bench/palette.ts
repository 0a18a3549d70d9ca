/**
 * @module bench/palette — the command palette's speed: a keystroke in its field → the results for that text
 * painted, tasks found by `search_workspace` included, and its boards, people and actions alone (the palette's
 * own User Timing measures, from the input event's time stamp to a task after the frame holding them). Typed
 * one key at a time on a workspace holding a 500-task board; the palette's code is loaded before the first sample.
 */
import { launch, open } from './move-latency.ts';
import { percentile, round } from './stats.ts';

const WORDS = ['task', 'number 12', 'realistic', 'column', 'inbox', 'task 4', 'theme', 'with a'];

export async function measurePaletteKeys(appUrl: string, cookie: string, boardPath: string) {
  const browser = await launch();
  try {
    const page = await open(browser, appUrl, cookie, boardPath);
    await page.keyboard.press('Control+k');
    await page.locator('[role="combobox"]').waitFor();
    const count = () => page.evaluate(() => performance.getEntriesByName('palette-results').length);
    let seen = await count();
    for (const word of WORDS) {
      for (const key of [...word, 'Control+a', 'Backspace']) {
        if (key === 'Control+a') {
          await page.keyboard.press(key);
          continue;
        }
        await page.keyboard.press(key === ' ' ? 'Space' : key);
        // Each keystroke's results are waited for before the next, so none is dropped as stale.
        await page.waitForFunction(
          (before) => performance.getEntriesByName('palette-results').length > before,
          seen,
        );
        seen = await count();
      }
    }
    const durations = (name: string) =>
      page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), name);
    const summary = (samples: number[]) => ({
      p50: round(percentile(samples, 50), 0),
      p95: round(percentile(samples, 95), 0),
      samples: samples.length,
    });
    return {
      all: summary(await durations('palette-results')),
      local: summary(await durations('palette-local')),
    };
  } finally {
    await browser.close();
  }
}
