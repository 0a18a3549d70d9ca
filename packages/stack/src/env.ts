/**
 * @module env — the stack's environment: the one module that reads `process.env` (decision 174). Every
 * variable the stack acts on is named and validated here; a bad value stops with an error naming it.
 */
import { z } from 'zod';

/** Set to anything non-empty: on. Unset or empty: off (as a shell's `[ -n "$X" ]`). */
const flag = z
  .string()
  .optional()
  .transform((value) => !!value);

/** Unset and empty mean the same (`X= cmd` is how a shell clears a variable for one command). */
const text = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** A positive whole number of milliseconds; unset or empty: the caller's default. */
const milliseconds = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const number = Number(value);
    const problem = !Number.isFinite(number)
      ? 'must be a number of milliseconds'
      : !Number.isInteger(number)
        ? 'must be a whole number of milliseconds'
        : number <= 0
          ? 'must be more than 0'
          : null;
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem}, not "${value}"` });
    return number;
  });

/**
 * Host variables Deno reads lazily, when a function first loads an npm package or fetches: the function
 * runtime forwards the ones the host sets (functions/deno.ts).
 */
export const NETWORK_VARS = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'DENO_TLS_CA_STORE',
] as const;

const schema = z.object({
  /** Stack logs go to stderr (test stacks are otherwise quiet); realtime also logs each delivery's timing. */
  STACK_DEBUG: flag,
  /** Test stacks append their log here (CI keeps the file when a run fails). */
  STACK_LOG_FILE: text,
  /** The project folder the CLI serves when `--workdir` is not given. */
  STACK_WORKDIR: text,
  /** Initdb and bootstrap every new embedded cluster instead of copying the cached template. */
  STACK_NO_TEMPLATE: flag,
  /** Every migration and seed goes through `supabase db push`, as before decision 176 (to compare the two). */
  STACK_PUSH_WITH_CLI: flag,
  /** The wall-clock limit of one function invocation; the edge runtime's 150 s when unset. */
  STACK_FUNCTION_TIMEOUT_MS: milliseconds,
  /** Where Deno's shared module cache lives. */
  STACK_DENO_DIR: text,
  /** The test stack's urls and keys as JSON, set by a vitest globalSetup for its workers (testing.ts). */
  STACK_ENV: text,
  /** The Supabase CLI's stage for the `.env.<stage>` files config.toml's `env(…)` reads (functions/secrets.ts). */
  SUPABASE_ENV: text,
  /** A CA bundle the host trusts, handed to Deno as `--cert`: the first one set wins, in this order. */
  DENO_CERT: z.string().optional(),
  NODE_EXTRA_CA_CERTS: z.string().optional(),
  SSL_CERT_FILE: z.string().optional(),
  /** Passed to Deno as they are. */
  HOME: z.string().optional(),
  PATH: z.string().optional(),
  ...(Object.fromEntries(NETWORK_VARS.map((name) => [name, z.string().optional()])) as Record<
    (typeof NETWORK_VARS)[number],
    z.ZodOptional<z.ZodString>
  >),
});

export type StackEnvironment = z.infer<typeof schema>;

/** Parses an environment; exported for tests. Throws one readable error listing every bad variable. */
export function parseEnvironment(source: Record<string, string | undefined>): StackEnvironment {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for the stack:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The stack's variables as they are now. Read on each call rather than frozen at import: test suites set a
 * variable (a short function timeout, their own Deno cache) for one stack they start, then restore it.
 */
export function stackEnvironment(): StackEnvironment {
  return parseEnvironment(process.env);
}

/**
 * The whole host environment, for the two places that must see every name, not only the stack's own: a
 * child process that inherits the parent's environment (the Supabase CLI), and config.toml's `env(NAME)`
 * references, which may name any variable.
 */
export function hostEnvironment(): Record<string, string | undefined> {
  return { ...process.env };
}
