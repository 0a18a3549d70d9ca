/**
 * @module postgres/push/split — cuts a migration or seed file into statements exactly where the Supabase
 * CLI's parser (`pkg/parser`, `SplitAndTrim`) cuts it, so `supabase_migrations.schema_migrations`
 * records the same `statements` whichever of the two applied the file (decision 176).
 *
 * The CLI's rules, quirks included: a `;` ends a statement unless it is inside quotes, a `$tag$` string,
 * a comment, after a backslash, inside parentheses, or inside a `BEGIN ATOMIC … END` body; the body ends
 * at the first `END` outside quotes (even the tail of a word such as `append`); a closing parenthesis
 * ends every open parenthesis at once; `$$$` closes a `$$` string at its third dollar. Each statement
 * keeps its leading comments, loses trailing `;` and surrounding white space; empty ones are dropped.
 */

/** Go's `unicode.IsSpace`: Latin-1 spaces plus the White_Space property (not U+FEFF, unlike JS `\s`). */
const SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u;
const IDENTIFIER = /^[\p{L}\p{Nd}_$]$/u;
const TAG = /^[\p{L}\p{Nd}_]$/u;

/** The token read so far: `text.slice(start, end)`, `end` just after the current character. */
interface Scan {
  text: string;
  start: number;
  end: number;
}

/** A state reads one character; `null` ends the statement there (a `;` at the top level). */
interface State {
  next(ch: string, scan: Scan): State | null;
}

const endsWith = (scan: Scan, tail: string): boolean =>
  scan.end - scan.start >= tail.length && scan.text.slice(scan.end - tail.length, scan.end) === tail;

/** Go's `strings.EqualFold` against an ASCII word: only ASCII letters fold (JS would fold `ı` to `I`). */
const endsWithWord = (scan: Scan, word: string): boolean =>
  scan.end - scan.start >= word.length &&
  scan.text.slice(scan.end - word.length, scan.end).replace(/[a-z]/g, (c) => c.toUpperCase()) === word;

/** The last whole character of `text` before `at` (a surrogate pair counts as one). */
function charBefore(text: string, at: number): string {
  const code = text.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text.slice(at - 1, at);
}

/** `BEGIN ATOMIC` just read (as separate words), the start of an SQL-standard function body. */
function isBeginAtomic(scan: Scan): boolean {
  if (!endsWithWord(scan, 'ATOMIC')) return false;
  let at = scan.end - 'ATOMIC'.length;
  if (at > scan.start && IDENTIFIER.test(charBefore(scan.text, at))) return false;
  while (at > scan.start && SPACE.test(charBefore(scan.text, at))) at -= charBefore(scan.text, at).length;
  const prefix: Scan = { text: scan.text, start: scan.start, end: at };
  if (!endsWithWord(prefix, 'BEGIN')) return false;
  at -= 'BEGIN'.length;
  return at === scan.start || !IDENTIFIER.test(charBefore(scan.text, at));
}

class Ready implements State {
  next(ch: string, scan: Scan): State | null {
    switch (ch) {
      case '$':
        return new Tag(scan.end - 1);
      case "'":
      case '"':
        return new Quote(ch);
      case '-':
        return new Dash();
      case '/':
        return new Slash();
      case '\\':
        return new Escape();
      case ';':
        return null;
      case '(':
        return new Nested(this, ')');
      case 'c':
      case 'C':
        if (isBeginAtomic(scan)) return new Nested(this, 'END');
    }
    return this;
  }
}

/** One `-` read: a second one opens a comment to the end of the line. */
class Dash implements State {
  next(ch: string, scan: Scan): State | null {
    return ch === '-' ? new Until('\n') : new Ready().next(ch, scan);
  }
}

/** A block comment, nested ones counted; `/` alone goes back to the top level. */
class Slash implements State {
  #depth = 0;
  next(ch: string, scan: Scan): State | null {
    if (endsWith(scan, '/*')) {
      this.#depth++;
      return this;
    }
    if (this.#depth === 0) return new Ready().next(ch, scan);
    if (endsWith(scan, '*/') && --this.#depth === 0) return new Ready();
    return this;
  }
}

/** Inside '…' or "…": a doubled delimiter stays inside. */
class Quote implements State {
  #closing = false;
  readonly delimiter: string;
  constructor(delimiter: string) {
    this.delimiter = delimiter;
  }
  next(ch: string, scan: Scan): State | null {
    if (this.#closing) {
      if (ch === this.delimiter) {
        this.#closing = false;
        return this;
      }
      return new Ready().next(ch, scan);
    }
    if (ch === this.delimiter) this.#closing = true;
    return this;
  }
}

/** A dollar-quoted string or a line comment: nothing is escaped until `delimiter`. */
class Until implements State {
  readonly delimiter: string;
  constructor(delimiter: string) {
    this.delimiter = delimiter;
  }
  next(_ch: string, scan: Scan): State | null {
    return endsWith(scan, this.delimiter) ? new Ready() : this;
  }
}

/** `$` read: a tag of letters, digits and `_` up to the next `$` opens a dollar-quoted string. */
class Tag implements State {
  /** Where the opening `$` is in the text. */
  readonly at: number;
  constructor(at: number) {
    this.at = at;
  }
  next(ch: string, scan: Scan): State | null {
    if (ch === '$') return new Until(scan.text.slice(this.at, scan.end));
    if (TAG.test(ch)) return this;
    return new Ready().next(ch, scan);
  }
}

class Escape implements State {
  next(): State {
    return new Ready();
  }
}

/** Inside parentheses or a `BEGIN ATOMIC` body: `;` does not end the statement until `delimiter`. */
class Nested implements State {
  #inner: State;
  readonly delimiter: string;
  constructor(inner: State, delimiter: string) {
    this.#inner = inner;
    this.delimiter = delimiter;
  }
  next(ch: string, scan: Scan): State | null {
    this.#inner = this.#inner.next(ch, scan) ?? this.#inner;
    return this.#inner instanceof Ready && endsWithWord(scan, this.delimiter) ? new Ready() : this;
  }
}

/** Go's `strings.TrimSpace` after `strings.TrimRight(token, ";")`. */
function trim(token: string): string {
  const chars = [...token.replace(/;+$/, '')];
  let from = 0;
  let to = chars.length;
  while (from < to && SPACE.test(chars[from]!)) from++;
  while (to > from && SPACE.test(chars[to - 1]!)) to--;
  return chars.slice(from, to).join('');
}

/** The statements of an SQL file as the CLI splits, trims and records them. */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  const emit = (token: string) => {
    const statement = trim(token);
    if (statement) statements.push(statement);
  };
  const scan: Scan = { text, start: 0, end: 0 };
  let state: State = new Ready();
  for (const ch of text) {
    scan.end += ch.length;
    const next = state.next(ch, scan);
    if (next) {
      state = next;
      continue;
    }
    emit(text.slice(scan.start, scan.end));
    scan.start = scan.end;
    state = new Ready();
  }
  if (scan.end > scan.start) emit(text.slice(scan.start, scan.end));
  return statements;
}
