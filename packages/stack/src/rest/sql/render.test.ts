import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../parse/request.ts';
import { explainPlan } from '../plan/explain.ts';
import { planRequest } from '../plan/index.ts';
import { body, request, schemaCache } from '../testing/schema.ts';
import { renderPlan } from './render.ts';

const cache = schemaCache();
const render = (req: ApiRequest, b?: ReturnType<typeof body>, maxRows: number | null = null) =>
  renderPlan(planRequest(cache, req, b, { maxRows }));

const HOSTILE = `x'); drop table public.cities; --`;

describe('rendering a plan', () => {
  it('binds every filter value as a parameter, never in the SQL text', () => {
    const { sql, params } = render(
      request(`/cities?select=name&name=eq.${encodeURIComponent(HOSTILE)}&id=in.(1,2)`),
    );
    expect(sql).not.toContain('drop table');
    expect(sql).toContain('WHERE "t0"."name" = $1 AND "t0"."id" = ANY($2)');
    expect(params).toEqual([HOSTILE, '{"1","2"}']);
  });

  it('renders an embedding as a lateral join on its key columns', () => {
    const { sql } = render(request('/countries?select=name,cities(name)'));
    expect(sql).toContain(
      'LEFT JOIN LATERAL (SELECT json_agg("t1_r")::jsonb AS "body" FROM (SELECT "t1"."name" AS "name" FROM "public"."cities" AS "t1" WHERE "t1"."country_id" = "t0"."id") AS "t1_r") AS "t1_j" ON TRUE',
    );
    expect(sql).toContain(`COALESCE("t1_j"."body", '[]') AS "cities"`);
  });

  it('renders !inner as an inner join that needs a related row, and a to-one embedding as one object', () => {
    expect(render(request('/countries?select=name,cities!inner(name)')).sql).toContain(
      'INNER JOIN LATERAL (SELECT json_agg("t1_r")::jsonb AS "body" FROM (SELECT "t1"."name" AS "name" FROM "public"."cities" AS "t1" WHERE "t1"."country_id" = "t0"."id") AS "t1_r" HAVING count(*) > 0)',
    );
    expect(render(request('/cities?select=name,countries(name)')).sql).toContain(
      'SELECT row_to_json("t1_r")::jsonb AS "body"',
    );
  });

  it('renders many-to-many through the junction table', () => {
    expect(render(request('/users?select=username,teams(name)')).sql).toContain(
      'FROM "public"."teams" AS "t1" INNER JOIN "public"."user_teams" AS "t1_x" ON "t1_x"."team_id" = "t1"."id" WHERE "t1_x"."user_id" = "t0"."id"',
    );
  });

  it('binds the range, caps it at max_rows, and counts without the range when asked', () => {
    const { sql, params } = render(
      request('/cities?select=name&order=name.desc.nullslast&limit=50&offset=10', {
        headers: { prefer: 'count=exact' },
      }),
      undefined,
      20,
    );
    expect(sql).toContain('ORDER BY "t0"."name" DESC NULLS LAST LIMIT $1::bigint OFFSET $2::bigint');
    expect(params).toEqual(['20', '10']);
    expect(sql).toContain(
      '(SELECT count(*) FROM (SELECT 1 FROM "public"."cities" AS "t0") AS "_c") AS "total"',
    );
  });

  it('sends a JSON body as one parameter, expanded into the table’s column types', () => {
    const input = body([{ name: HOSTILE, country_id: 1 }]);
    const { sql, params } = render(
      request('/cities', { method: 'POST', headers: { prefer: 'return=representation' } }),
      input,
    );
    expect(sql).not.toContain('drop table');
    expect(sql).toContain(
      'INSERT INTO "public"."cities" ("name", "country_id") SELECT "_r"."name", "_r"."country_id" FROM json_to_recordset(CASE WHEN json_typeof($1::text::json)',
    );
    expect(sql).toContain('AS "_r"("name" text, "country_id" integer)');
    expect(params).toEqual([input.raw]);
  });

  it('renders a filtered update and delete, and the upsert’s conflict target', () => {
    const update = render(request('/cities?id=eq.7', { method: 'PATCH' }), body({ name: 'Lyon' }));
    expect(update.sql).toContain('UPDATE "public"."cities" AS "t0" SET "name" = "_r"."name"');
    expect(update.sql).toContain('WHERE "t0"."id" = $1 RETURNING 1');
    expect(update.params).toEqual(['7', '{"name":"Lyon"}']);
    const remove = render(request('/cities?id=eq.7', { method: 'DELETE' }));
    expect(remove.sql).toContain('DELETE FROM "public"."cities" AS "t0" WHERE "t0"."id" = $1 RETURNING 1');
    const upsert = render(
      request('/cities?on_conflict=name', {
        method: 'POST',
        headers: { prefer: 'resolution=ignore-duplicates' },
      }),
      body({ name: 'Lyon' }),
    );
    expect(upsert.sql).toContain('ON CONFLICT ("name") DO NOTHING');
  });

  it('calls a function with its arguments read from one JSON parameter', () => {
    const { sql, params } = render(request('/rpc/search_cities?q=ly&select=name&name=like.L*'));
    expect(sql).toContain(
      'FROM json_to_record($1::text::json) AS "_args"("q" text), LATERAL "public"."search_cities"("q" := "_args"."q") AS "t0"',
    );
    expect(params).toEqual(['{"q":"ly"}', 'L%']);
  });

  it('gives a planned count its own statement with its own parameters', () => {
    const { estimate } = render(
      request('/rpc/search_cities?q=ly&name=eq.Lyon', { headers: { prefer: 'count=planned' } }),
    );
    expect(estimate?.sql).toBe(
      'EXPLAIN (FORMAT JSON) SELECT 1 FROM json_to_record($1::text::json) AS "_args"("q" text), LATERAL "public"."search_cities"("q" := "_args"."q") AS "t0" WHERE "t0"."name" = $2',
    );
    expect(estimate?.params).toEqual(['{"q":"ly"}', 'Lyon']);
  });

  it('wraps the statement in EXPLAIN when the plan itself is asked for', () => {
    const plan = planRequest(cache, request('/cities?select=name'), undefined, { maxRows: null });
    const explained = renderPlan(
      explainPlan(plan, { format: 'json', options: ['analyze'], for: 'application/json' }),
    );
    expect(explained.sql.startsWith('EXPLAIN (FORMAT JSON, ANALYZE) WITH "pgrst_source" AS (SELECT')).toBe(
      true,
    );
    expect(explained.sql.slice(explained.sql.indexOf(' WITH ') + 1)).toBe(renderPlan(plan).sql);
  });
});
