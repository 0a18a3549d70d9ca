/**
 * @module rest/plan/rpc — picks the function overload a call means from its argument names (or a single
 * unnamed json/jsonb parameter taking the whole body) and renders the call with named, bound arguments.
 */
import { ApiError, fuzzyOne } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import { type FunctionInfo, key, type SchemaCache } from '../schema/types.ts';
import { ident, type Params, qualified } from '../sql/params.ts';

export interface ResolvedCall {
  fn: FunctionInfo;
  /** Renders the FROM item calling the function (its alias is added by the caller). */
  call: (params: Params) => string;
}

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

function notFound(cache: SchemaCache, req: ApiRequest, names: string[]): ApiError {
  const fn = `${req.schema}.${req.target.name}`;
  const list = names.join(', ');
  const post = req.method === 'POST';
  const params =
    names.length === 0 ? ' without parameters' : ` with parameter${names.length > 1 ? 's' : ''} ${list}`;
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
    hint = fuzzyOne(req.target.name, inSchema);
  }
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${names.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${fn}${params}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint ? `Perhaps you meant to call the function ${req.schema}.${hint}` : null,
  );
}

export function resolveFunction(
  cache: SchemaCache,
  req: ApiRequest,
  args: Record<string, unknown> | null,
  /** The arguments as JSON text: the request body for POST, the query arguments for GET. */
  raw: string,
): ResolvedCall {
  const overloads = cache.functions.get(key(req.schema, req.target.name)) ?? [];
  const names = args ? Object.keys(args) : [];
  const fn = args
    ? overloads.find(
        (f) =>
          names.every((n) => f.args.some((a) => a.name === n)) &&
          f.args.every((a) => a.hasDefault || names.includes(a.name)),
      )
    : undefined;
  const target = (f: FunctionInfo) => qualified(f.schema, f.name);
  if (fn) {
    const used = fn.args.filter((a) => names.includes(a.name));
    return {
      fn,
      call: (params) => {
        if (used.length === 0) return `${target(fn)}()`;
        // json_to_record converts each JSON value with the parameter's own type (arrays, json, numbers).
        const json = params.add(raw, 'json');
        const def = used.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
        const named = used.map((a) => `${ident(a.name)} := "_args".${ident(a.name)}`).join(', ');
        return `json_to_record(${json}) AS "_args"(${def}), LATERAL ${target(fn)}(${named})`;
      },
    };
  }
  // A single unnamed json/jsonb parameter receives the whole body.
  const whole = overloads.find(
    (f) => f.args.length === 1 && f.args[0]?.name === '' && isJsonType(f.args[0].type),
  );
  if (whole && req.method === 'POST') {
    return { fn: whole, call: (params) => `${target(whole)}(${params.add(raw, whole.args[0]?.type)})` };
  }
  throw notFound(cache, req, names);
}
