/**
 * @module functions/dotenv — the dotenv dialect the CLI reads for `supabase/.env` and `functions/.env`. A leaf
 * module: config loading needs it before any stack context exists.
 */

/**
 * Parses a dotenv file: `KEY=value`, optional `export `, `#` comments, single quotes (literal), double
 * quotes (with `\n` escapes, may span lines), and unquoted values trimmed up to an inline ` #` comment (a `#` inside a value stays).
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern =
    /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*(?:"((?:\\.|[^"\\])*)"|'([^']*)'|([^\n]*?))(?:[ \t]+#[^\n]*|[ \t]*)$/gm;
  for (const m of text.replace(/\r\n?/g, '\n').matchAll(pattern)) {
    const [, key, doubleQuoted, singleQuoted, bare] = m;
    if (!key) continue;
    if (doubleQuoted !== undefined) {
      out[key] = doubleQuoted.replace(/\\([nrt"\\])/g, (_, c: string) =>
        c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c,
      );
    } else if (singleQuoted !== undefined) {
      out[key] = singleQuoted;
    } else {
      out[key] = (bare ?? '').trim();
    }
  }
  return out;
}
