/**
 * @module deploy/env — the deploy's environment, read and checked once: the CLI's credentials, the
 * functions' secrets, and GitHub's job summary file. Nothing else in the deploy reads `process.env`.
 */
import { z } from 'zod';

/**
 * The secrets the edge functions read (supabase/functions/_shared/env.ts); `SUPABASE_*` ones are set by
 * the platform itself. A test keeps this list and that file in step.
 */
export const FUNCTION_SECRETS = ['LANES_SITE_URL', 'LANES_EMAIL_API_URL', 'LANES_EMAIL_FROM'] as const;

const optional = z.string().min(1).optional();

const schema = z.object({
  SUPABASE_ACCESS_TOKEN: optional,
  SUPABASE_DB_PASSWORD: optional,
  /** The project ref (20 lowercase letters), as in the dashboard's URL. */
  SUPABASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z]{20}$/, 'a project ref is 20 lowercase letters')
    .optional(),
  GITHUB_STEP_SUMMARY: optional,
  LANES_SITE_URL: z.url().optional(),
  LANES_EMAIL_API_URL: z.url().optional(),
  LANES_EMAIL_FROM: z.email().optional(),
  /** Written into Vault for the database's calls to its functions (deploy/vault.ts). */
  SUPABASE_SERVICE_ROLE_KEY: optional,
  /** The API URL the database calls its functions at; default `https://<project ref>.supabase.co`. */
  LANES_PROJECT_URL: z.url().optional(),
});

export type DeployEnv = z.infer<typeof schema>;

/** An environment the deploy cannot use; its message names variables, never their values. */
export class EnvError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): DeployEnv {
  // GitHub passes a secret or variable that is not set as an empty string: that is "missing", not invalid.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    // Names and reasons only: a value may be a secret.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid deploy environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The function secrets present in the environment, and the names missing. */
export function functionSecrets(env: DeployEnv): { values: Record<string, string>; missing: string[] } {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of FUNCTION_SECRETS) {
    const value = env[name];
    if (value) values[name] = value;
    else missing.push(name);
  }
  return { values, missing };
}
