/**
 * @module rest/execute — runs a plan in one transaction as the caller's role with the caller's claims,
 * pipelined on one connection: BEGIN, set_config, the statement (and EXPLAIN), COMMIT in one round trip.
 */
import type { Sql } from 'postgres';
import type { Statement } from './sql/render.ts';

export interface RequestSettings {
  role: string;
  claims: string;
  method: string;
  path: string;
  headers: string;
  cookies: string;
  searchPath: string;
  /** The role's own settings (statement_timeout), applied for this transaction only. */
  roleSettings: [string, string][];
}

export interface ResultRow {
  total: string | null;
  page: string;
  body: string;
  headers: string | null;
  status: string | null;
  /** Rows an upsert inserted (null unless merge-duplicates). */
  inserted: number | null;
}

export interface Outcome {
  row: ResultRow;
  /** Every row the statement returned (an EXPLAIN in text format gives one per line). */
  rows: Record<string, unknown>[];
  /** Rows estimated by the planner, for Prefer: count=planned|estimated. */
  planned: number | null;
}

const SETTINGS = `select set_config('search_path', $1, true), set_config('role', $2, true),
  set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
  set_config('request.path', $5, true), set_config('request.headers', $6, true),
  set_config('request.cookies', $7, true)`;

const settingsSql = new Map<string, string>();
function settingsFor(extra: [string, string][]): string {
  const names = extra.map(([n]) => n).join(',');
  let sql = settingsSql.get(names);
  if (!sql) {
    sql = SETTINGS + extra.map((_, i) => `, set_config($${8 + i * 2}, $${9 + i * 2}, true)`).join('');
    settingsSql.set(names, sql);
  }
  return sql;
}

/**
 * Runs `statement` (read-only ones in a read-only transaction); `decide` sees the result before the transaction ends and may ask for a rollback
 * (single-object requests that matched other than one row, Prefer: tx=rollback).
 */
export async function execute(
  pool: Sql,
  statement: Statement,
  readOnly: boolean,
  s: RequestSettings,
  decide: (outcome: Outcome) => 'commit' | 'rollback',
): Promise<Outcome> {
  const sql = await pool.reserve();
  try {
    const settings = [
      s.searchPath,
      s.role,
      s.claims,
      s.method,
      s.path,
      s.headers,
      s.cookies,
      ...s.roleSettings.flat(),
    ];
    const steps: Promise<unknown>[] = [
      sql.unsafe(readOnly ? 'begin isolation level read committed read only' : 'begin'),
      sql.unsafe(settingsFor(s.roleSettings), settings, { prepare: true }),
      sql.unsafe(statement.sql, statement.params as never[], { prepare: true }),
    ];
    if (statement.estimate)
      steps.push(sql.unsafe(statement.estimate.sql, statement.estimate.params as never[], { prepare: true }));
    // Reads cannot change anything: commit in the same round trip.
    const end = readOnly ? sql.unsafe('commit') : null;
    if (end) steps.push(end);
    const results = await Promise.allSettled(steps);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) {
      if (!end) await sql.unsafe('rollback').catch(() => {});
      throw failed.reason;
    }
    const rows = (results[2] as PromiseFulfilledResult<ResultRow[]>).value;
    const row = rows[0] as ResultRow;
    let planned: number | null = null;
    if (statement.estimate) {
      const explained = (
        results[3] as PromiseFulfilledResult<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>
      ).value;
      planned = explained[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? null;
    }
    const outcome = { row, rows: rows as unknown as Record<string, unknown>[], planned };
    if (!end) await sql.unsafe(decide(outcome) === 'rollback' ? 'rollback' : 'commit');
    return outcome;
  } finally {
    sql.release();
  }
}
