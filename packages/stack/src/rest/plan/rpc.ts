/**
 * @module rest/plan/rpc — picks the function overload a call means from its argument names (or a single
 * unnamed parameter taking the whole body), with PostgREST's PGRST202/203: the call as data.
 */
import { ApiError, apiError } from '../errors.ts';
import { fuzzyOne, NAME_HINT_SCORE } from '../hints.ts';
import type { ApiRequest } from '../parse/request.ts';
import { type FunctionInfo, key, type SchemaCache } from '../schema/types.ts';
import type { Call } from './shape.ts';

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

function notFound(cache: SchemaCache, req: ApiRequest, names: string[]): ApiError {
  // PostgREST suggests a close function name, or close parameters when the name exists.
  const overloads = cache.functions.get(key(req.schema, req.target.name)) ?? [];
  const paramList = (ps: string[]) => `(${[...ps].sort().join(', ')})`;
  let hint: string | null;
  if (overloads.length) {
    const match = fuzzyOne(
      paramList(names),
      overloads.map((f) => paramList(f.args.map((a) => a.name))),
    );
    hint = match ? `${req.target.name}${match}` : null;
  } else {
    const inSchema = [...cache.functions.values()]
      .flat()
      .filter((f) => f.schema === req.schema)
      .map((f) => f.name);
    hint = fuzzyOne(req.target.name, inSchema, undefined, NAME_HINT_SCORE);
  }
  const fn = `${req.schema}.${req.target.name}`;
  return apiError('PGRST202', fn, names, req.method === 'POST', hint ? `${req.schema}.${hint}` : null);
}

/** `schema.name(a => integer, b => text)`, as PostgREST lists overloads in PGRST203. */
const signature = (f: FunctionInfo) =>
  `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

function ambiguous(candidates: FunctionInfo[]): ApiError {
  // Fewer parameters first, then by signature: the order PostgREST's messages show.
  const list = [...candidates]
    .sort((a, b) => a.args.length - b.args.length || signature(a).localeCompare(signature(b)))
    .map(signature);
  return apiError('PGRST203', list);
}

/**
 * Whether the argument names fit the parameters: every required one named, the rest optional ones.
 * A function without parameters takes no arguments.
 */
export function matchesArguments(f: FunctionInfo, names: Set<string>): boolean {
  const required = f.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const optional = new Set(f.args.filter((a) => a.hasDefault).map((a) => a.name));
  if (!required.every((n) => names.has(n))) return false;
  return [...names].every((n) => required.includes(n) || optional.has(n));
}

/** PostgREST's overload choice: the one function the names fit, else the one whole-body json function. */
export function chooseOverload(
  overloads: FunctionInfo[],
  /** The argument names, or null when the body is not an object (only a whole-body function fits). */
  names: Set<string> | null,
  post: boolean,
): FunctionInfo | ApiError | null {
  const matches = names ? overloads.filter((f) => matchesArguments(f, names)) : [];
  if (matches.length === 1) return matches[0] ?? null;
  if (matches.length > 1) return ambiguous(matches);
  const whole = overloads.filter(
    (f) => post && f.args.length === 1 && f.args[0]?.name === '' && isJsonType(f.args[0].type),
  );
  if (whole.length > 1) return ambiguous(whole);
  return whole[0] ?? null;
}

export function resolveFunction(
  cache: SchemaCache,
  req: ApiRequest,
  args: Record<string, unknown> | null,
  /** The arguments as JSON text: the request body for POST, the query arguments for GET. */
  raw: string,
): Call {
  const overloads = cache.functions.get(key(req.schema, req.target.name)) ?? [];
  const names = args ? Object.keys(args) : [];
  const chosen = chooseOverload(overloads, args ? new Set(names) : null, req.method === 'POST');
  if (chosen instanceof ApiError) throw chosen;
  if (!chosen) throw notFound(cache, req, names);
  const fn = chosen;
  // One unnamed parameter receives the whole body, typed as the parameter.
  if (fn.args.length === 1 && fn.args[0]?.name === '') return { fn, pass: 'body', args: fn.args, raw };
  return { fn, pass: 'named', args: fn.args.filter((a) => names.includes(a.name)), raw };
}
