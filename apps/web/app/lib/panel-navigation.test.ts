import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { onlyAPanelChanged, revalidateUnlessOnlyAPanelChanged } from './panel-navigation.ts';

const BOARD = 'http://lanes.test/w/acme/b/b1';
const args = (from: string, to: string, formAction?: string) =>
  ({
    currentUrl: new URL(from),
    nextUrl: new URL(to),
    formAction,
    defaultShouldRevalidate: true,
  }) as ShouldRevalidateFunctionArgs;

describe('onlyAPanelChanged', () => {
  it('is true for opening, closing and switching a panel, and for a panel’s own write', () => {
    expect(onlyAPanelChanged(args(BOARD, `${BOARD}/t/one`))).toBe(true);
    expect(onlyAPanelChanged(args(`${BOARD}/t/one`, BOARD))).toBe(true);
    expect(onlyAPanelChanged(args(`${BOARD}/t/one`, `${BOARD}/t/two`))).toBe(true);
    expect(onlyAPanelChanged(args(`${BOARD}/t/one`, `${BOARD}/t/one`, '/w/acme/b/b1/t/one'))).toBe(true);
  });

  it('is false for anything that leaves the board or writes elsewhere', () => {
    expect(onlyAPanelChanged(args(`${BOARD}/t/one`, 'http://lanes.test/w/acme/b/b2'))).toBe(false);
    expect(onlyAPanelChanged(args(BOARD, 'http://lanes.test/w/acme/settings'))).toBe(false);
    expect(onlyAPanelChanged(args(BOARD, BOARD, '/theme'))).toBe(false);
    expect(onlyAPanelChanged(args(BOARD, BOARD, '/w/acme/b/b1'))).toBe(false);
  });

  it('leaves every other case to React Router’s own choice', () => {
    expect(revalidateUnlessOnlyAPanelChanged(args(BOARD, `${BOARD}/t/one`))).toBe(false);
    expect(revalidateUnlessOnlyAPanelChanged(args(BOARD, 'http://lanes.test/w/acme'))).toBe(true);
    expect(
      revalidateUnlessOnlyAPanelChanged({ ...args(BOARD, BOARD, '/theme'), defaultShouldRevalidate: false }),
    ).toBe(false);
  });
});
