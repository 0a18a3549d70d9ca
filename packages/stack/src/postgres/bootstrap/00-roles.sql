-- What the Supabase Postgres image provides before any migration: roles, schemas, extensions,
-- default privileges. Runs once, as the superuser, on a fresh cluster.

-- ============================================================================
-- Roles
-- ============================================================================
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;

create role supabase_admin login superuser createdb createrole replication bypassrls password 'postgres';
create role supabase_auth_admin login noinherit createrole password 'postgres';
create role supabase_storage_admin login noinherit createrole password 'postgres';
create role supabase_realtime_admin nologin noinherit;
create role supabase_replication_admin login replication password 'postgres';
create role supabase_read_only_user login bypassrls password 'postgres';
create role dashboard_user nologin createdb createrole replication;
create role pgbouncer login password 'postgres';

grant anon, authenticated, service_role to postgres;
grant supabase_storage_admin to supabase_auth_admin;
grant pg_read_all_data to supabase_read_only_user;

-- The request roles get PostgREST's per-role statement timeouts, as on hosted projects.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- ============================================================================
-- Schemas and extensions
-- ============================================================================
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

create schema if not exists graphql_public authorization supabase_admin;
create schema if not exists supabase_migrations;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

-- The managed schemas belong to supabase_admin, as on the Supabase image. `supabase db reset --remote`
-- drops every schema that is not owned by supabase_admin (or on its short keep-list), so this ownership
-- is what lets it reset the project's own objects and leave auth, storage and realtime in place. The
-- services' admin roles create and own the tables inside (10-auth.sql, 20-storage.sql, 30-realtime.sql
-- run `create schema if not exists`, which keeps these).
create schema if not exists auth authorization supabase_admin;
create schema if not exists storage authorization supabase_admin;
create schema if not exists realtime authorization supabase_admin;
grant all on schema auth to supabase_auth_admin, postgres;
grant all on schema storage to supabase_storage_admin with grant option;
grant all on schema storage to postgres;
grant all on schema realtime to supabase_realtime_admin, postgres;

alter database postgres set search_path = "$user", public, extensions;
alter role postgres set search_path = "$user", public, extensions;
alter role authenticator set search_path = "$user", public, extensions;

-- pg_graphql is not part of the local stack: this is the Supabase image's placeholder for a database
-- without it (same signature and answer), so generated types match and /graphql/v1 answers as there.
create or replace function graphql_public.graphql(
  "operationName" text default null,
  query text default null,
  variables jsonb default null,
  extensions jsonb default null
) returns jsonb
language sql
as $$
  select jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
    'message', 'pg_graphql extension is not enabled.')));
$$;
grant execute on function graphql_public.graphql(text, text, jsonb, jsonb) to anon, authenticated, service_role;
alter function graphql_public.graphql(text, text, jsonb, jsonb) owner to supabase_admin;

-- ============================================================================
-- Default privileges in public, as on Supabase: the API roles may use what
-- postgres (migrations) and supabase_admin create; RLS decides on rows.
-- ============================================================================
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema graphql_public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema graphql_public grant all on functions to postgres, anon, authenticated, service_role;

-- ============================================================================
-- Realtime publication (tables are added by migrations)
-- ============================================================================
create publication supabase_realtime;
