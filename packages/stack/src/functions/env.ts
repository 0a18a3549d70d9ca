/**
 * @module functions/env — the environment a function sees: the SUPABASE_* values the edge runtime injects
 * plus `supabase/functions/.env`, and nothing of the host's environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackContext } from '../context.ts';
import { DEFAULT_API_KEYS } from '../keys.ts';

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

/**
 * The variables every function gets: the SUPABASE_* values as the edge runtime sets them for a local project,
 * with this stack's actual addresses (whatever ports it runs on), and `STACK_INBOX_URL`, the stack's inbox
 * (Mailpit-compatible `POST /api/v1/send`), so functions that send email reach the inbox tests read.
 */
export function supabaseEnv(stack: StackContext): Record<string, string> {
  const keys = stack.apiKeys ?? DEFAULT_API_KEYS;
  return {
    STACK_INBOX_URL: stack.urls.inbox,
    SUPABASE_URL: stack.urls.api,
    SUPABASE_ANON_KEY: keys.anon,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRole,
    SUPABASE_DB_URL: stack.urls.db,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishable }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secret }),
    SUPABASE_JWKS: JSON.stringify(stack.jwt.jwks),
  };
}

/**
 * The whole function environment, read afresh for each worker so an edited `.env` applies on restart.
 * As the CLI merges them: config.toml's `[edge_runtime.secrets]` (read at start), then `.env` over them.
 * Like the CLI, names starting with `SUPABASE_` in `.env` are refused: those belong to the platform. The
 * embedder's `functionsEnv` overrides the file; the stack's own addresses override all.
 */
export function functionEnv(stack: StackContext, warn: (message: string) => void): Record<string, string> {
  const file = join(stack.config.supabaseDir, 'functions', '.env');
  const user = existsSync(file) ? parseDotenv(readFileSync(file, 'utf8')) : {};
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(user)) {
    if (name.startsWith('SUPABASE_'))
      warn(`.env: names starting with SUPABASE_ are reserved, skipped ${name}`);
    else env[name] = value;
  }
  return { ...stack.config.edgeRuntime.secrets, ...env, ...stack.functionsEnv, ...supabaseEnv(stack) };
}
