/**
 * @module rest/plan/explain — `Accept: application/vnd.pgrst.plan`: the request's own statement under
 * EXPLAIN with the options asked for, answered instead of its result (where pgrst.db_plan_enabled).
 */
import { type ApiError, apiError } from '../errors.ts';
import type { ApiRequest, PlanMedia } from '../parse/request.ts';
import type { QueryPlan } from './shape.ts';

/** PostgREST answers a plan request it may not serve as an unavailable media type. */
export function planRefused(req: ApiRequest): ApiError {
  return apiError('PGRST107', req.accept);
}

/**
 * Asks for `plan` under EXPLAIN (rendered so by sql/render.ts). ANALYZE runs the statement, so writes
 * still commit or roll back as the request says; single-object and max-affected checks do not apply.
 *
 * @example renderPlan(explainPlan(plan, { format: 'json', options: ['analyze'], for: 'application/json' })).sql
 *   // → 'EXPLAIN (FORMAT JSON, ANALYZE) WITH "pgrst_source" AS (...) SELECT ...'
 */
export function explainPlan(plan: QueryPlan, media: PlanMedia): QueryPlan {
  const { estimate: _planned, maxAffected: _max, ...rest } = plan;
  return { ...rest, single: false, planOutput: media };
}
