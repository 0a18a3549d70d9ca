-- The `storage` schema as storage-api's own migrations leave it on a Supabase project: buckets and
-- objects owned by supabase_storage_admin, RLS on both, the helper functions policies use, the
-- v1 listing function. Written from the documented contract, not copied from storage-api.

create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
alter role supabase_storage_admin set search_path = storage;

-- storage-api logs in as supabase_storage_admin and switches to the caller's role per request
-- (`set local role`), so it must be a member of the API roles (NOINHERIT keeps it from using their
-- rights implicitly).
grant anon, authenticated, service_role to supabase_storage_admin;

alter default privileges for role supabase_storage_admin in schema storage
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on sequences to postgres, anon, authenticated, service_role;

set local role supabase_storage_admin;

-- ============================================================================
-- Tables
-- ============================================================================
create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');

create table storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index bname on storage.buckets using btree (name);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
create index name_prefix_search on storage.objects using btree (name text_pattern_ops);
create index idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");

create table storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.migrations to postgres;

-- ============================================================================
-- Triggers: updated_at, and deletes only through the API (as hosted: a plain `delete from
-- storage.objects` in SQL would orphan files, so it is refused unless the API allows it)
-- ============================================================================
create function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;

create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- ============================================================================
-- Path helpers used in policies, e.g. (storage.foldername(name))[1] = auth.uid()::text
-- ============================================================================
create function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1];
$$;

create function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)];
$$;

create function storage.extension(name text) returns text
language sql immutable
as $$
  select lower(split_part(storage.filename(name), '.', -1));
$$;

create function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language sql stable
as $$
  select sum((metadata ->> 'size')::bigint)::bigint as size, bucket_id
  from storage.objects group by bucket_id;
$$;

-- ============================================================================
-- storage.search: the v1 listing (one folder level below `prefix`). Folders come back with a null
-- id; names are relative to `prefix`. Runs as the caller (security invoker), so RLS filters rows.
-- `levels` is kept for signature compatibility; the level is derived from prefix and search.
-- ============================================================================
create function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker
as $$
declare
  v_prefix text := coalesce(prefix, '');
  v_pattern text := replace(replace(replace(v_prefix || coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format(
    $q$
    with entries as (
      select split_part(substr(o.name, length($1) + 1), '/', 1) as entry,
             strpos(substr(o.name, length($1) + 1), '/') > 0 as is_folder,
             o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from storage.objects o
      where o.bucket_id = $2 and o.name ilike $3
    ),
    listing as (
      select distinct on (entry) entry as name, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at,
             null::jsonb as metadata, true as is_folder
      from entries where is_folder
      union all
      select entry, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata, false
      from entries e where not is_folder
    )
    select l.name, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata
    from listing l
    order by %s
    limit $4 offset $5
    $q$,
    case when v_column = 'name' then format('l.name collate "C" %s', v_order)
         else format('l.is_folder desc, l.%I %s, l.name collate "C" asc', v_column, v_order) end
  ) using v_prefix, bucketname, v_pattern, least(coalesce(limits, 100), 1500), coalesce(offsets, 0);
end;
$$;

reset role;

grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;
