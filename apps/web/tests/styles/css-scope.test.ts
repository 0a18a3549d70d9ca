/** @module tests/styles/css-scope.test — the scope rule itself: what it reads, what it lets through, what not. */
import { describe, expect, test } from 'vitest';
import { collisions, firstCompound, outline, scopeProblems } from './css-scope.ts';

const globals = new Set(['btn', 'btn-danger', 'field', 'dialog', 'panel', 'avatar-24', 'app-main']);

describe('outline', () => {
  test('reads selectors at any @media depth, splits lists, skips declarations, comments and strings', () => {
    const sheet = outline(`
      /* .ignored { } @owns lane- */
      .a, .b > .c:is(.d, .e) { content: "{ .not-a-rule }"; }
      @media (max-width: 600px) { @supports (display: grid) { .f { color: red; } } }
      @keyframes a-in { from { opacity: 0; } to { opacity: 1; } }
      @import url("x.css");
    `);
    expect(sheet.selectors).toEqual(['.a', '.b > .c:is(.d, .e)', '.f']);
    expect(sheet.keyframes).toEqual(['a-in']);
    expect(sheet.imports).toEqual(['@import url("x.css")']);
    expect(sheet.owns).toEqual(['lane-']);
  });

  test('an unclosed block is an error, not a silent pass', () => {
    expect(() => outline('.a { color: red;')).toThrow(/never closed/);
  });

  test('the first compound stops at any combinator', () => {
    expect(firstCompound('.a.b:not(.c .d) > .e')).toBe('.a.b:not(.c .d)');
    expect(firstCompound('.a~.b')).toBe('.a');
  });
});

describe('scopeProblems', () => {
  test("a feature's own classes, and global ones below them, pass", () => {
    const css = `
      .inbox { display: grid; }
      .inbox-item .btn, .panel.inbox-panel { color: red; }
      .app-main:has(.inbox-page) { max-width: none; }
      @keyframes inbox-in { from { opacity: 0; } }
    `;
    expect(scopeProblems('inbox', css, globals)).toEqual([]);
  });

  test('the leak that blanked the danger buttons fails, as does any global or bare rule', () => {
    const css = `
      .btn.btn-danger { color: var(--danger); }
      .field select { font: inherit; }
      button { color: red; }
      :root { --accent: red; }
      .other-thing { color: red; }
      .btn:has(.inbox-x) .inbox-y, .inboxes { color: red; }
    `;
    expect(scopeProblems('inbox', css, globals)).toEqual([
      '".btn.btn-danger" restyles global .btn, .btn-danger outside the feature',
      '".field select" restyles global .field outside the feature',
      '"button" does not start from a class the feature owns',
      '":root" does not start from a class the feature owns',
      '".other-thing" does not start from a class the feature owns',
      '".inboxes" does not start from a class the feature owns',
    ]);
  });

  test('@owns widens what a feature may root in; a claim may not cover a global class', () => {
    const css = '/* @owns lane- toast avatar- */ .lane-card, .toast { color: red; } .toasts { color: red; }';
    expect(scopeProblems('board', css, globals)).toEqual([
      '".toasts" does not start from a class the feature owns',
      'claim "avatar-" covers global .avatar-24',
    ]);
  });

  test('keyframes and imports are held to the same rule', () => {
    const css = '@import "other.css"; @keyframes spin { to { rotate: 1turn; } }';
    expect(scopeProblems('board', css, globals)).toEqual([
      '@keyframes spin is not named by a class prefix the feature owns',
      '@import "other.css": a feature sheet imports nothing',
    ]);
  });
});

describe('collisions', () => {
  test('two features styling a class both claim fails; each styling its own passes', () => {
    const board = { feature: 'board', css: '/* @owns label- */ .label-red { color: red; }' };
    const panel = { feature: 'task-panel', css: '/* @owns label- */ .label-red { color: blue; }' };
    const inbox = { feature: 'inbox', css: '.inbox-item { color: red; }' };
    expect(collisions([board, inbox])).toEqual([]);
    expect(collisions([board, panel, inbox])).toEqual(['.label-red is claimed by both board and task-panel']);
  });
});
