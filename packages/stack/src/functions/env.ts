/**
 * @module functions/env — the environment a function sees: the SUPABASE_* values the edge runtime injects
 * plus `supabase/functions/.env`, and nothing of the host's environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackContext } from '../context.ts';
import { DEFAULT_API_KEYS } from '../keys.ts';
import { parseDotenv } from './dotenv.ts';

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
