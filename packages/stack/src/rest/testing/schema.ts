/**
 * @module rest/testing/schema — a small schema cache built in memory and requests parsed from URLs, so the
 * planner and the SQL renderer have unit tests without a database.
 */
import { type ApiRequest, type Body, parseRequest } from '../parse/request.ts';
import type { Column, ForeignKey, FunctionInfo, SchemaCache, Table } from '../schema/types.ts';

const column = (name: string, type = 'text', dflt: string | null = null): Column => ({
  name,
  type,
  notNull: false,
  default: dflt,
});

function table(name: string, columns: Column[], pk: string[], uniques: string[][] = [pk]): Table {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: new Map(columns.map((c) => [c.name, c])),
    pk,
    uniques,
    computed: new Map(),
  };
}

const fk = (name: string, from: Table, columns: string[], ref: Table, refColumns: string[]): ForeignKey => ({
  name,
  table: from,
  columns,
  ref,
  refColumns,
});

/**
 * countries ← cities (many-to-one), users ← profiles (one-to-one), users ↔ teams through user_teams
 * (many-to-many), and messages with two keys to users (sender, receiver: ambiguous without a hint).
 */
export function schemaCache(): SchemaCache {
  const id = column('id', 'integer', "nextval('seq'::regclass)");
  const countries = table('countries', [id, column('name'), column('code')], ['id']);
  const cities = table('cities', [id, column('name'), column('country_id', 'integer')], ['id']);
  const users = table('users', [id, column('username')], ['id']);
  const profiles = table('profiles', [column('user_id', 'integer'), column('bio')], ['user_id']);
  const teams = table('teams', [id, column('name')], ['id']);
  const userTeams = table(
    'user_teams',
    [column('user_id', 'integer'), column('team_id', 'integer')],
    ['user_id', 'team_id'],
  );
  const messages = table(
    'messages',
    [id, column('body'), column('sender_id', 'integer'), column('receiver_id', 'integer')],
    ['id'],
  );
  const all = [countries, cities, users, profiles, teams, userTeams, messages];
  const search: FunctionInfo = {
    schema: 'public',
    name: 'search_cities',
    args: [{ name: 'q', type: 'text', hasDefault: false }],
    callable: true,
    returnsSet: true,
    rowsOne: false,
    volatility: 's',
    returns: { kind: 'table', table: cities },
  };
  return {
    tables: new Map(all.map((t) => [`public.${t.name}`, t])),
    foreignKeys: [
      fk('cities_country_id_fkey', cities, ['country_id'], countries, ['id']),
      fk('profiles_user_id_fkey', profiles, ['user_id'], users, ['id']),
      fk('user_teams_user_id_fkey', userTeams, ['user_id'], users, ['id']),
      fk('user_teams_team_id_fkey', userTeams, ['team_id'], teams, ['id']),
      fk('messages_sender_id_fkey', messages, ['sender_id'], users, ['id']),
      fk('messages_receiver_id_fkey', messages, ['receiver_id'], users, ['id']),
    ],
    computedRelationships: [],
    config: { aggregatesEnabled: false, planEnabled: false },
    functions: new Map([['public.search_cities', [search]]]),
    roleSettings: new Map(),
    timezones: new Set(['UTC']),
    loadedAt: 0,
  };
}

/** The request a client would send, e.g. `request('/cities?select=name&id=eq.1')`, parsed as the service does. */
export function request(
  pathAndQuery: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): ApiRequest {
  const url = new URL(`http://localhost${pathAndQuery}`);
  return parseRequest(new Request(url, init), url, url.pathname, ['public']);
}

/** A JSON request body as the service reads it. */
export const body = (value: unknown): Body => ({ raw: JSON.stringify(value), value });
