/**
 * @module functions/secrets — `[edge_runtime.secrets]` of config.toml as the Supabase CLI reads them for
 * `functions serve`: names upper-cased, `env(VAR)` replaced by VAR from the environment or the project's
 * `.env` files, values left unresolved (VAR unset or empty) or empty left out, `SUPABASE_*` names skipped.
 * Functions see them beside `supabase/functions/.env`, which wins on a shared name (functions/env.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDotenv } from './dotenv.ts';

export interface EdgeRuntimeSecrets {
  secrets: Record<string, string>;
  /** Why a secret was left out, one line each, logged at start. */
  notices: string[];
}

/** The CLI's `env(NAME)` reference: the whole value, nothing around it. */
const ENV_REFERENCE = /^env\((.*)\)$/;
const SECTION = '[edge_runtime.secrets]';

/**
 * The variables the CLI loads before reading config.toml (its `loadNestedEnv`): in each folder from
 * `supabase/` up to the project folder, `.env.<SUPABASE_ENV>.local`, `.env.local` (not for `test`),
 * `.env.<SUPABASE_ENV>` and `.env`, SUPABASE_ENV defaulting to `development`. As with godotenv, a name
 * already set wins: the process environment first, then the first file that names it.
 */
export function configEnv(
  supabaseDir: string,
  workdir: string,
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...env };
  const stage = env.SUPABASE_ENV || 'development';
  const names = [`.env.${stage}.local`, ...(stage === 'test' ? [] : ['.env.local']), `.env.${stage}`, '.env'];
  const top = resolve(workdir);
  for (let dir = resolve(supabaseDir); ; dir = dirname(dir)) {
    for (const name of names) {
      const file = join(dir, name);
      if (!existsSync(file)) continue;
      for (const [key, value] of Object.entries(parseDotenv(readFileSync(file, 'utf8')))) {
        if (merged[key] === undefined) merged[key] = value;
      }
    }
    if (dir === top || dir === dirname(dir)) break;
  }
  return merged;
}

/**
 * Reads `[edge_runtime.secrets]` (`table` is its parsed TOML value, undefined when absent). Throws on
 * config the CLI would refuse too, naming the key: a section that is not a table, a value that is not a
 * string, a name no environment variable can have.
 */
export function edgeRuntimeSecrets(
  table: unknown,
  env: Record<string, string | undefined>,
): EdgeRuntimeSecrets {
  const result: EdgeRuntimeSecrets = { secrets: {}, notices: [] };
  if (table === undefined) return result;
  if (!table || typeof table !== 'object' || Array.isArray(table)) {
    throw new Error(`config.toml: ${SECTION} must be a table of NAME = "value" pairs`);
  }
  for (const [key, raw] of Object.entries(table)) {
    if (typeof raw !== 'string') {
      const kind = Array.isArray(raw)
        ? 'an array'
        : raw instanceof Date
          ? 'a date'
          : typeof raw === 'object'
            ? 'a table'
            : `a ${typeof raw}`;
      throw new Error(`config.toml: ${SECTION} ${key} must be a string, not ${kind}`);
    }
    if (!key || /[=\0]/.test(key)) {
      throw new Error(`config.toml: ${SECTION} "${key}" is not a valid environment variable name`);
    }
    const name = key.toUpperCase();
    if (name.startsWith('SUPABASE_')) {
      result.notices.push(`config.toml: ${SECTION} names cannot start with SUPABASE_, skipped ${name}`);
      continue;
    }
    let value = raw;
    const reference = ENV_REFERENCE.exec(raw)?.[1];
    if (reference !== undefined) {
      const resolved = env[reference];
      if (!resolved) {
        result.notices.push(
          `config.toml: ${SECTION} ${key} = "${raw}": ${reference} is not set, so ${name} is left out`,
        );
        continue;
      }
      value = resolved;
    }
    if (value.startsWith('encrypted:')) {
      result.notices.push(
        `config.toml: ${SECTION} ${key}: encrypted (dotenvx) values are not decrypted by the stack, so ${name} is left out`,
      );
      continue;
    }
    if (value) result.secrets[name] = value;
  }
  return result;
}
