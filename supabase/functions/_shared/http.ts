/**
 * @module _shared/http — the edge of every Lanes function: CORS, JSON in, and every failure answered as
 * `{ error: { code, message } }` with the catalogue's status.
 */

import { LanesError, validationError } from '@lanes/shared/errors.ts';
import type { z } from 'zod';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: CORS });
}

/** The request's JSON body, or `{}` when it has none or it is not JSON (the schema then names what is missing). */
export async function readBody(req: Request): Promise<unknown> {
  return (await req.json().catch(() => undefined)) ?? {};
}

/** Checks a value with a shared schema; VALIDATION (naming the first bad field) otherwise. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** Parses the JSON body with a shared schema. */
export async function readInput<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readBody(req));
}

/**
 * Serves one POST handler: preflight answered, other methods refused, thrown LanesErrors answered with their
 * body and status, anything else logged and answered UNEXPECTED with an id to find the log line.
 */
export function serve(handler: (req: Request) => Promise<Response>): void {
  Deno.serve(async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
    if (req.method !== 'POST') {
      return json(405, new LanesError('VALIDATION', { message: 'Use POST.' }).toBody());
    }
    try {
      return await handler(req);
    } catch (error) {
      if (error instanceof LanesError) return json(error.status, error.toBody());
      const requestId = crypto.randomUUID().slice(0, 8);
      console.error(`[${requestId}]`, error);
      return json(500, new LanesError('UNEXPECTED', { requestId }).toBody());
    }
  });
}
