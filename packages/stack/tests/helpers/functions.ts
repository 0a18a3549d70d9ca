/** Why a function call failed, for assertion messages: the status, code and Deno's boot error if any. */
import { FunctionsHttpError } from '@supabase/supabase-js';

export function why(error: unknown): string {
  if (!(error instanceof FunctionsHttpError)) return String(error);
  const response = error.context as Response;
  const code = response.headers.get('sb-error-code') ?? '';
  const boot = response.headers.get('x-stack-boot-error') ?? '';
  return `${response.status} ${code} ${boot}`.trim();
}
