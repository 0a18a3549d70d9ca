/**
 * @module tests/styles/feature-styles — every stylesheet under app/features keeps to its feature (decision 192):
 * a feature's CSS stays in the page after a client navigation, so a rule that reaches outside it changes
 * screens the feature never draws.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { classesIn, collisions, outline, scopeProblems } from './css-scope.ts';

const app = join(import.meta.dirname, '../../app');

/** Every `.css` file below a feature folder, with the feature it belongs to (its top folder). */
function featureSheets(): { feature: string; path: string; css: string }[] {
  const features = join(app, 'features');
  return readdirSync(features, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({
      feature: file.split(/[\\/]/)[0] as string,
      path: relative(app, join(features, file)),
      css: readFileSync(join(features, file), 'utf8'),
    }));
}

/** The component classes: every class app.css styles. Only app.css may define how they look. */
const globalClasses = new Set(
  outline(readFileSync(join(app, 'app.css'), 'utf8')).selectors.flatMap((s) => classesIn(s)),
);

describe('feature stylesheets', () => {
  const sheets = featureSheets();

  test('are found, and app.css defines the shared component classes', () => {
    expect(sheets.length).toBeGreaterThan(5);
    for (const name of ['btn', 'btn-danger', 'btn-primary', 'field', 'panel', 'menu', 'dialog']) {
      expect(globalClasses, name).toContain(name);
    }
  });

  for (const sheet of featureSheets()) {
    test(`${sheet.path} styles only what its feature owns`, () => {
      expect(scopeProblems(sheet.feature, sheet.css, globalClasses)).toEqual([]);
    });
  }

  test('no two features claim the same class', () => {
    expect(collisions(sheets)).toEqual([]);
  });

  test('every other stylesheet is app.css: there is no third place for rules to hide', () => {
    const all = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.css'),
    );
    const elsewhere = all.filter((file) => file !== 'app.css' && !file.startsWith(`features${sep}`));
    expect(elsewhere).toEqual([]);
  });
});
