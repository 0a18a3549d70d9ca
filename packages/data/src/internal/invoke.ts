/** @module internal/invoke — calls an edge function and turns its `{ error }` answers into LanesErrors. */
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { LanesClient } from '../client.ts';
import { toLanesError } from '../errors/to-lanes-error.ts';

/** Invokes `name` with a JSON body; returns the parsed JSON answer or throws the catalogue error. */
export async function invokeFunction(client: LanesClient, name: string, body: unknown): Promise<unknown> {
  const { data, error, response } = await client.functions.invoke(name, {
    body: body as Record<string, unknown>,
  });
  if (error) {
    let errorBody: unknown;
    if (error instanceof FunctionsHttpError && response)
      errorBody = await response.json().catch(() => undefined);
    throw toLanesError(error, errorBody);
  }
  return data;
}
