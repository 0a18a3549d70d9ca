-- Database Webhooks, as the Supabase CLI's database image has them before any migration: pg_net in
-- `extensions`, the `supabase_functions` schema with its `hooks` audit table and the
-- `supabase_functions.http_request()` trigger function that the dashboard's webhooks call, and the
-- event trigger that gives the API roles pg_net's request functions. Decision 171.

do $$
begin
  -- The embedded server has the stack's pg_net emulation; an external server may have neither.
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

create role supabase_functions_admin login noinherit createrole password 'postgres';

create schema supabase_functions authorization supabase_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on sequences to postgres, anon, authenticated, service_role;

create table supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial'), ('20210809183423_update_grants');

create table supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks using btree (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';

-- Trigger arguments: url, method (GET or POST), headers (json), params (json), timeout in ms. A POST
-- carries {type, table, schema, record, old_record}; each call is recorded in hooks with its request id.
create function supabase_functions.http_request() returns trigger
language plpgsql
security definer
set search_path = supabase_functions
as $$
declare
  request_id bigint;
  payload jsonb;
  url text := tg_argv[0]::text;
  method text := tg_argv[1]::text;
  headers jsonb := '{"Content-Type": "application/json"}'::jsonb;
  params jsonb := '{}'::jsonb;
  timeout_ms integer := 1000;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  if tg_argv[2] is not null and tg_argv[2] <> 'null' then
    headers := tg_argv[2]::jsonb;
  end if;
  if tg_argv[3] is not null and tg_argv[3] <> 'null' then
    params := tg_argv[3]::jsonb;
  end if;
  if tg_argv[4] is not null and tg_argv[4] <> 'null' then
    timeout_ms := tg_argv[4]::integer;
  end if;

  if method = 'GET' then
    request_id := net.http_get(url, params, headers, timeout_ms);
  elsif method = 'POST' then
    payload := jsonb_build_object(
      'old_record', old,
      'record', new,
      'type', tg_op,
      'table', tg_table_name,
      'schema', tg_table_schema
    );
    request_id := net.http_post(url, payload, params, headers, timeout_ms);
  else
    raise exception 'method argument % is invalid', method;
  end if;

  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (tg_relid, tg_name, request_id);
  return new;
end
$$;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;

grant all privileges on schema supabase_functions to supabase_functions_admin;
grant all privileges on all tables in schema supabase_functions to supabase_functions_admin;
grant all privileges on all sequences in schema supabase_functions to supabase_functions_admin;
alter role supabase_functions_admin set search_path = supabase_functions;
alter table supabase_functions.migrations owner to supabase_functions_admin;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
grant supabase_functions_admin to postgres;

-- As on Supabase: whenever pg_net is created, the API roles may use its schema, and http_get and
-- http_post run as their owner with EXECUTE only for the listed roles.
create function extensions.grant_pg_net_access() returns event_trigger
language plpgsql
as $$
begin
  if exists (
    select 1 from pg_event_trigger_ddl_commands() as ev
    join pg_extension as ext on ev.objid = ext.oid
    where ext.extname = 'pg_net'
  ) then
    perform extensions.apply_pg_net_grants();
  end if;
end
$$;
comment on function extensions.grant_pg_net_access is 'Grants access to pg_net';

create function extensions.apply_pg_net_grants() returns void
language plpgsql
as $$
begin
  grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
  alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
  alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
  alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
  alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
  revoke all on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
  revoke all on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
  grant execute on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
  grant execute on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
end
$$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_net') then
    perform extensions.apply_pg_net_grants();
  end if;
end
$$;

create event trigger issue_pg_net_access on ddl_command_end when tag in ('CREATE EXTENSION')
  execute procedure extensions.grant_pg_net_access();
revoke all on function extensions.apply_pg_net_grants() from public;
