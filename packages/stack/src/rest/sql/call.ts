/**
 * @module rest/sql/call — renders a planned function call as a FROM item: the arguments are the body's
 * JSON text, bound once and converted by `json_to_record` with each parameter's own type.
 */
import type { Call } from '../plan/shape.ts';
import { ident, type Params, qualified } from './params.ts';

/** The call without its alias, e.g. `json_to_record($1::text::json) AS "_args"(a integer), LATERAL f(a := …)`. */
export function callSql(call: Call, params: Params): string {
  const target = qualified(call.fn.schema, call.fn.name);
  const only = call.args[0];
  if (call.pass === 'body' && only) return `${target}(${params.add(call.raw, 'text')}::${only.type})`;
  if (call.args.length === 0) return `${target}()`;
  const json = params.add(call.raw, 'json');
  const def = call.args.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const named = call.args.map((a) => `${ident(a.name)} := "_args".${ident(a.name)}`).join(', ');
  return `json_to_record(${json}) AS "_args"(${def}), LATERAL ${target}(${named})`;
}
