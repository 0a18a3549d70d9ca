/**
 * @module tests/e2e/accessibility — one axe-core check for every screen the e2e tests visit: no serious or
 * critical WCAG A/AA violation. Failures list each rule with the selectors it hit, so the fix is findable.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsSettled, lowContrastIn } from './contrast.ts';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, and on any colour-contrast
 * item axe left "incomplete" that fails when measured in the page: axe gives up on text over some backgrounds
 * (red words on a red button were one), and an incomplete item fails no test by itself (decision 192).
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe.run in the page itself. The default runs each frame apart, then opens a blank page, injects axe a
    // third time and finishes there: that is for cross-origin frames, and Lanes has none (its CSP's default-src
    // 'self' allows no other origin's). Only violations and incomplete items carry their nodes: the passes'
    // thousands of selectors were never read. Each check takes half the time it did (decision 107).
    .setLegacyMode()
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const undecided = results.incomplete
    .filter((item) => item.id === 'color-contrast')
    .flatMap((item) => item.nodes.map((n) => String(n.target.at(-1))));
  const unreadable = (await lowContrastIn(page, undecided)).map(
    (o) =>
      `color-contrast (incomplete in axe, measured): "${o.text}" ${o.ratio}:1 < ${o.required} in ${o.element}`,
  );
  expect([...blocking, ...unreadable], `axe on ${label}`).toEqual([]);
}
