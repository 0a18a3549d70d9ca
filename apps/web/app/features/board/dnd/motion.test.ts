/** Sortable motion follows the reader's reduced-motion setting through one query list (decision 148). */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshMotion(matches: () => boolean) {
  const query = {
    get matches() {
      return matches();
    },
  };
  const matchMedia = vi.fn(() => query);
  vi.stubGlobal('window', { matchMedia });
  vi.resetModules();
  return { motion: await import('./motion.ts'), matchMedia };
}

afterEach(() => vi.unstubAllGlobals());

describe('sortableTransition', () => {
  it('is one unchanged object while motion is welcome, asking the page once', async () => {
    const { motion, matchMedia } = await freshMotion(() => false);
    const first = motion.sortableTransition();
    expect(first).toEqual({ duration: 150, easing: 'ease' });
    for (let i = 0; i < 100; i += 1) expect(motion.sortableTransition()).toBe(first);
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
  });

  it('is none once the reader asks for reduced motion, without asking again', async () => {
    let reduce = false;
    const { motion, matchMedia } = await freshMotion(() => reduce);
    expect(motion.sortableTransition()).not.toBeNull();
    reduce = true;
    expect(motion.sortableTransition()).toBeNull();
    expect(matchMedia).toHaveBeenCalledTimes(1);
  });

  it('is the full motion on the server, where there is no window', async () => {
    vi.resetModules();
    const motion = await import('./motion.ts');
    expect(motion.sortableTransition()).toEqual({ duration: 150, easing: 'ease' });
  });
});
