/**
 * @module tests/e2e/contrast — text contrast measured in the page, as a person sees it: each text's computed
 * colour against the first opaque background behind it (semi-transparent layers blended on the way), per WCAG
 * 2.x relative luminance. axe leaves red-on-red buttons "incomplete" (decision 192); this gives the verdict.
 */
import { expect, type Page } from '@playwright/test';

export interface Offender {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
  element: string;
}

interface Options {
  /** Which elements' text to measure. */
  selector: string;
  /** WCAG's large-text allowance (3:1 at ≥ 24 px, or ≥ 18.66 px bold); off means 4.5:1 for every size. */
  largeText: boolean;
}

/** The controls a person reads to act: every button and link, in whatever element plays the part. */
export const CONTROLS =
  'a[href], button, [role="button"], [role="link"], [role="menuitem"], [role="tab"], summary, input[type="submit"], input[type="button"]';

/**
 * Runs in the page: the text under each element matched by `selector` whose contrast is too low. Disabled
 * controls are exempt (WCAG 1.4.3's "inactive user interface component"), and so is text nobody can see
 * (display none, visibility hidden, clipped to a pixel for screen readers only).
 */
function measure({ selector, largeText }: Options): Offender[] {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const paint = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  type Rgba = [number, number, number, number];
  // The canvas turns any CSS colour syntax the browser computes (rgb(), color(srgb …), oklab()) into bytes.
  const rgba = (css: string): Rgba => {
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = '#000';
    paint.fillStyle = css;
    paint.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
    return [r as number, g as number, b as number, (a as number) / 255];
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3];
    return [
      top[0] * a + under[0] * (1 - a),
      top[1] * a + under[1] * (1 - a),
      top[2] * a + under[2] * (1 - a),
      1,
    ];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const canvasColour = (): Rgba =>
    getComputedStyle(document.documentElement).colorScheme.includes('dark') &&
    matchMedia('(prefers-color-scheme: dark)').matches
      ? [18, 18, 18, 1]
      : [255, 255, 255, 1];
  /** The background behind `element`: its own and its ancestors' layers down to the first opaque one. */
  const backgroundOf = (element: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let at: Element | null = element; at; at = at.parentElement) {
      const layer = rgba(getComputedStyle(at).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] >= 1) break;
    }
    let result = layers.at(-1)?.[3] === 1 ? (layers.pop() as Rgba) : canvasColour();
    while (layers.length) result = over(layers.pop() as Rgba, result);
    return result;
  };
  const opacityOf = (element: Element) => {
    let product = 1;
    for (let at: Element | null = element; at; at = at.parentElement) {
      product *= Number(getComputedStyle(at).opacity);
    }
    return product;
  };
  const disabled = (element: Element) =>
    element.matches(':disabled') ||
    element.closest('[aria-disabled="true"], [inert], fieldset:disabled') !== null;
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`;
  const css = ([r, g, b]: Rgba) => `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)})`;

  const offenders: Offender[] = [];
  const seen = new Set<Element>();
  for (const control of document.querySelectorAll(selector)) {
    if (disabled(control)) continue;
    // Each run of text is measured where it sits: a badge inside a link has its own colours.
    const texts: Element[] = [];
    const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() && node.parentElement) texts.push(node.parentElement);
    }
    // A submit input's text is its value, drawn by the input itself.
    if (control instanceof HTMLInputElement && control.value.trim()) texts.push(control);
    for (const element of texts) {
      if (seen.has(element)) continue;
      seen.add(element);
      const box = element.getBoundingClientRect();
      const visible =
        box.width > 1 &&
        box.height > 1 &&
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      if (!visible) continue;
      const style = getComputedStyle(element);
      const background = backgroundOf(element);
      const ink = rgba(style.color);
      const text = over([ink[0], ink[1], ink[2], ink[3] * opacityOf(element)], background);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [
        number,
        number,
      ];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = largeText && (size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700));
      const required = large ? 3 : 4.5;
      // Two decimals, as WCAG tools report: 4.499 is not 4.5.
      if (Math.floor(ratio * 100) / 100 < required) {
        offenders.push({
          text: (element instanceof HTMLInputElement ? element.value : (element.textContent ?? ''))
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: css(text),
          background: css(background),
          element: describe(element),
        });
      }
    }
  }
  return offenders;
}

/** The page's buttons and links whose text falls below 4.5:1, each with its text, colours and ratio. */
export async function lowContrastControls(page: Page): Promise<Offender[]> {
  await animationsSettled(page);
  return page.evaluate(measure, { selector: CONTROLS, largeText: false });
}

/** Low-contrast text inside the elements axe could not decide on (WCAG AA: 3:1 allowed for large text). */
export function lowContrastIn(page: Page, selectors: string[]): Promise<Offender[]> {
  if (selectors.length === 0) return Promise.resolve([]);
  return page.evaluate(measure, { selector: selectors.join(', '), largeText: true });
}

/** Fails, naming each offender and the route, when a button's or link's text is below 4.5:1. */
export async function expectReadableControls(page: Page, label = page.url()): Promise<void> {
  const offenders = await lowContrastControls(page);
  const report = offenders.map(
    (o) => `${label}: "${o.text}" ${o.ratio}:1 (${o.color} on ${o.background}) in ${o.element}`,
  );
  expect(report, `text contrast of buttons and links on ${label}`).toEqual([]);
}

/**
 * Waits for the page's finite CSS transitions and animations to end. A theme switch starts 120 ms colour
 * transitions on buttons and inputs, and a toast fades in: measured mid-way, a colour is neither theme's, and
 * axe would report a contrast that no person ever sees for longer than a frame. Endless animations (spinners)
 * are left running; they never settle.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A frame first, so transitions started by the last style change (emulateMedia) exist to be found.
    await new Promise((frame) => requestAnimationFrame(frame));
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    // Bounded: a paused animation never finishes, and a wait that never ends would hide what is measured.
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((later) => setTimeout(later, 2_000))]);
  });
}
