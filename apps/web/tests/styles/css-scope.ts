/**
 * @module tests/styles/css-scope — reads a stylesheet's selectors (no CSS library: only what the scope rule needs)
 * and says which of a feature stylesheet's selectors could style something outside the feature (decision 192).
 */

/** What a stylesheet declares: its selectors (one per complex selector), keyframe names and `@owns` claims. */
export interface SheetOutline {
  selectors: string[];
  keyframes: string[];
  imports: string[];
  owns: string[];
}

/** A feature's claim: the classes it may root a selector in. `foo-` claims every class starting so; `foo` one. */
export interface Ownership {
  feature: string;
  claims: string[];
}

const GROUPING_AT_RULES = /^@(media|supports|container|layer|scope)\b/;

/** Comments removed, strings kept (a `{` inside `content: "{"` must not open a block). */
function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The `@owns a- b` lines of a sheet's comments: classes this feature names beyond its own `feature`/`feature-`. */
function ownsOf(css: string): string[] {
  const claims: string[] = [];
  for (const comment of css.match(/\/\*[\s\S]*?\*\//g) ?? []) {
    for (const line of comment.matchAll(/@owns\s+([^*\n]+)/g)) {
      claims.push(...(line[1] ?? '').trim().split(/\s+/).filter(Boolean));
    }
  }
  return claims.map((claim) => claim.replace(/^\./, ''));
}

/** Splits on a separator outside (), [] and strings. */
function splitTopLevel(text: string, isSeparator: (ch: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (depth === 0 && isSeparator(ch)) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * Every style rule's selectors, keyframe names and imports, at any depth of @media/@supports. A declaration
 * block is skipped whole, nested rules included: they are relative to their parent, which is checked.
 */
export function outline(css: string): SheetOutline {
  const text = stripComments(css);
  const result: SheetOutline = { selectors: [], keyframes: [], imports: [], owns: ownsOf(css) };
  let prelude = '';
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = '';
      prelude += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      prelude += ch;
    } else if (ch === ';') {
      const statement = prelude.trim();
      if (statement.startsWith('@import')) result.imports.push(statement);
      prelude = '';
    } else if (ch === '}') {
      prelude = ''; // the end of a grouping at-rule
    } else if (ch === '{') {
      const head = prelude.trim();
      prelude = '';
      if (GROUPING_AT_RULES.test(head)) continue; // its rules are read as if at the top
      if (/^@(-webkit-)?keyframes\b/.test(head)) result.keyframes.push(head.split(/\s+/)[1] ?? '');
      else if (!head.startsWith('@')) result.selectors.push(...splitTopLevel(head, (c) => c === ','));
      i = endOfBlock(text, i);
    } else prelude += ch;
  }
  return result;
}

/** The index of the `}` closing the block opened at `open`. */
function endOfBlock(text: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i += 1) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error('a block is never closed');
}

/** The leftmost compound selector: what the rule hangs from. */
export function firstCompound(selector: string): string {
  return splitTopLevel(selector, (c) => /[\s>+~]/.test(c))[0] ?? '';
}

/** Class names in a compound, outside any parentheses (`.a.b:not(.c)` → a, b). */
function directClasses(compound: string): string[] {
  const outside = compound.replace(/\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string);
}

/** Class names inside the compound's `:has(…)` arguments: a rule on `.app-main:has(.board-page)` is the board's. */
function hasClasses(compound: string): string[] {
  const found: string[] = [];
  for (const m of compound.matchAll(/:has\(((?:[^()]|\([^()]*\))*)\)/g)) {
    found.push(...[...(m[1] ?? '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((c) => c[1] as string));
  }
  return found;
}

/** Every class a selector names anywhere. */
export function classesIn(selector: string): string[] {
  return [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string);
}

/** The feature's own root class (`settings`) and prefix (`settings-`), then its `@owns` claims. */
export function claimsOf(feature: string, owns: string[]): string[] {
  return [feature, `${feature}-`, ...owns];
}

/** Whether `claims` covers the class: a claim ending in `-` covers a prefix, any other exactly one class. */
export function owned(className: string, claims: string[]): boolean {
  return claims.some((claim) => (claim.endsWith('-') ? className.startsWith(claim) : className === claim));
}

/**
 * The problems with a feature stylesheet: each selector must hang from a class the feature owns (in its first
 * compound, or in that compound's `:has()`), keyframe names must be owned too, nothing is @imported, and no
 * claim may cover a global class from app.css.
 */
export function scopeProblems(feature: string, css: string, globalClasses: Set<string>): string[] {
  const sheet = outline(css);
  const claims = claimsOf(feature, sheet.owns);
  const problems: string[] = [];
  for (const selector of sheet.selectors) {
    const first = firstCompound(selector);
    const anchors = [...directClasses(first), ...hasClasses(first)];
    if (!anchors.some((c) => owned(c, claims))) {
      const globals = classesIn(selector).filter((c) => globalClasses.has(c));
      const why = globals.length
        ? `restyles global ${globals.map((c) => `.${c}`).join(', ')} outside the feature`
        : 'does not start from a class the feature owns';
      problems.push(`"${selector}" ${why}`);
    }
  }
  for (const name of sheet.keyframes) {
    if (!owned(name, claims))
      problems.push(`@keyframes ${name} is not named by a class prefix the feature owns`);
  }
  for (const statement of sheet.imports) problems.push(`${statement}: a feature sheet imports nothing`);
  for (const claim of claims) {
    const taken = [...globalClasses].filter((c) => owned(c, [claim]));
    if (taken.length) problems.push(`claim "${claim}" covers global ${taken.map((c) => `.${c}`).join(', ')}`);
  }
  return problems;
}

/** Classes that two features' sheets both style at their root and both claim: the two would collide. */
export function collisions(sheets: { feature: string; css: string }[]): string[] {
  const read = sheets.map(({ feature, css }) => {
    const sheet = outline(css);
    const roots = new Set(sheet.selectors.flatMap((s) => directClasses(firstCompound(s))));
    return { feature, claims: claimsOf(feature, sheet.owns), roots };
  });
  const problems: string[] = [];
  for (const one of read) {
    for (const other of read) {
      if (other.feature <= one.feature) continue;
      for (const c of [...one.roots, ...other.roots]) {
        if (owned(c, one.claims) && owned(c, other.claims)) {
          problems.push(`.${c} is claimed by both ${one.feature} and ${other.feature}`);
        }
      }
    }
  }
  return [...new Set(problems)];
}
