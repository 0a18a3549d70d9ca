-- The `realtime` schema as Supabase Realtime's tenant migrations leave it: `realtime.messages` (the table
-- private-channel policies are written on), `realtime.topic()`, `realtime.send()` and
-- `realtime.broadcast_changes()`; plus the stack's own helper that evaluates postgres_changes visibility
-- as each subscriber (the job the real server's `realtime.apply_rls` does).

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

-- Not partitioned (the hosted table is, by day): apps only ever see it through policies and realtime.send().
create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index messages_topic_index on realtime.messages (topic);
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text; $$;
alter function realtime.topic() owner to supabase_realtime_admin;

-- Broadcast from the database: the row lands in realtime.messages, which the stack replicates and fans
-- out to the topic (the insert runs as the caller, so the caller's insert policy applies, as hosted).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (
      message_id,
      case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end,
      event, topic, private, 'broadcast'
    );
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

-- For row triggers: sends {schema, table, operation, record, old_record} to `topic_name` as a private broadcast.
create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
) returns void
language plpgsql
as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(
    jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name,
                       'schema', table_schema),
    event_name, topic_name);
end;
$$;

grant execute on all functions in schema realtime to postgres, anon, authenticated, service_role;

-- realtime.send() reaches subscribers through logical replication of this publication.
create publication supabase_realtime_messages_publication for table realtime.messages;

-- Stack-internal: for a batch of decoded WAL changes, types each row (jsonb_populate_record, so values look
-- like to_jsonb output as on hosted) and tells which subscribers may see it, by selecting the row by primary
-- key as each subscriber's role with their claims. Callable by the superuser only.
-- Stack-internal: whether the transaction of a decoded change (its 32-bit xid, as pgoutput sends it) is
-- visible to a snapshot taken now. The walsender can ship a commit a moment before new snapshots see it; a
-- check in that moment would judge the row as it was before the change (an update that moved a row out of a
-- subscriber's sight was delivered to them). The epoch is the snapshot's; an xid more than 2^31 above its
-- xmax belongs to the epoch before.
create or replace function realtime.stack_xid_visible(xid32 bigint) returns boolean
language plpgsql
as $$
declare
  snap pg_snapshot := pg_current_snapshot();
  xmax bigint := pg_snapshot_xmax(snap)::text::bigint;
  full_xid bigint := ((xmax >> 32) << 32) | xid32;
begin
  if full_xid > xmax + 2147483648 then
    full_xid := full_xid - 4294967296;
  end if;
  return pg_visible_in_snapshot(full_xid::text::xid8, snap);
end;
$$;

revoke all on function realtime.stack_xid_visible(bigint) from public, anon, authenticated, service_role;

create or replace function realtime.stack_changes(batch jsonb) returns jsonb
language plpgsql
as $$
declare
  item jsonb;
  result jsonb := '[]'::jsonb;
  entity regclass;
  rls boolean;
  pk_cols text[];
  pred text;
  keyed text;
  rec jsonb;
  old jsonb;
  visible int[];
  found boolean;
  present boolean;
  errors jsonb;
  run text;
  checked_role text;
  role_ok boolean;
  sub jsonb;
  i int;
begin
  for item in select value from jsonb_array_elements(batch) loop
    visible := '{}';
    rec := null;
    old := null;
    present := true;
    errors := null;
    begin
      entity := (item ->> 'relid')::oid::regclass;
      select c.relrowsecurity into rls from pg_class c where c.oid = entity;
      -- pred selects by the keys of a jsonb parameter; keyed has the new row's keys written in, for the
      -- per-subscriber statement, which then needs no parameter (nothing to parse per execution).
      select array_agg(a.attname::text order by a.attnum),
             string_agg(format('%I = ($1 ->> %L)::%s', a.attname, a.attname,
                               format_type(a.atttypid, a.atttypmod)), ' and '),
             string_agg(format('%I = %L::%s', a.attname, item -> 'record' ->> a.attname::text,
                               format_type(a.atttypid, a.atttypmod)), ' and ')
        into pk_cols, pred, keyed
        from pg_index x
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
       where x.indrelid = entity and x.indisprimary;
      if item ? 'record' then
        execute format('select to_jsonb(jsonb_populate_record(null::%s, $1))', entity) into rec using item -> 'record';
        select jsonb_object_agg(k, v) into rec from jsonb_each(rec) e(k, v) where (item -> 'record') ? k;
      end if;
      if item ? 'old' then
        execute format('select to_jsonb(jsonb_populate_record(null::%s, $1))', entity) into old using item -> 'old';
        select jsonb_object_agg(k, v) into old from jsonb_each(old) e(k, v)
         where (item -> 'old') ? k and (item ->> 'type' <> 'DELETE' or not rls or k = any (coalesce(pk_cols, '{}')));
      end if;
      if item ->> 'type' = 'DELETE' then
        -- A deleted row cannot be selected: deletes go to every matching subscriber, keys only under RLS.
        select coalesce(array_agg(n - 1), '{}') into visible from generate_series(1, jsonb_array_length(item -> 'subs')) n;
      elsif pred is null then
        -- As apply_rls: without a primary key the change goes out as an error, without the record.
        select coalesce(array_agg(n - 1), '{}') into visible from generate_series(1, jsonb_array_length(item -> 'subs')) n;
        errors := '["Error 400: Bad Request, no primary key"]';
        rec := null;
        old := null;
      elsif not rls then
        -- No RLS: every subscriber whose role may select from the table sees it (no row lookup, as hosted).
        select coalesce(array_agg(s.n - 1), '{}') into visible
          from jsonb_array_elements(item -> 'subs') with ordinality s(sub, n)
         where coalesce(has_table_privilege((select r.oid from pg_roles r where r.rolname = s.sub ->> 'role'), entity, 'SELECT'), false);
      else
        -- The walsender can ship a commit a moment before it is visible to new snapshots; the caller
        -- asks again when the commit or the row is not there yet (or the row is gone).
        if item ? 'xid' and not realtime.stack_xid_visible((item ->> 'xid')::bigint) then
          present := false;
        else
          execute format('select exists (select 1 from %s where %s)', entity, pred) into present using item -> 'record';
        end if;
      end if;
      if item ->> 'type' <> 'DELETE' and pred is not null and rls and present then
        -- One plan per change, executed as each subscriber (the real server prepares `walrus_rls_stmt` alike).
        if exists (select 1 from pg_prepared_statements where name = 'stack_rls_stmt') then
          deallocate stack_rls_stmt;
        end if;
        execute format('prepare stack_rls_stmt as select exists (select 1 from %s where %s)', entity, keyed);
        run := 'execute stack_rls_stmt';
        checked_role := null;
        i := 0;
        -- Subscribers come one per distinct (role, claims) (the caller groups them) with `sub` extracted;
        -- only the settings that differ from the previous subscriber's are set.
        for sub in select value from jsonb_array_elements(item -> 'subs') loop
          if checked_role is distinct from sub ->> 'role' then
            checked_role := sub ->> 'role';
            role_ok := coalesce(has_table_privilege((select r.oid from pg_roles r where r.rolname = checked_role), entity, 'SELECT'), false);
            if role_ok then
              perform set_config('role', checked_role, true),
                      set_config('request.jwt.claim.role', checked_role, true);
            end if;
          end if;
          if role_ok then
            perform set_config('request.jwt.claims', sub ->> 'claims', true),
                    set_config('request.jwt.claim.sub', coalesce(sub ->> 'sub', ''), true);
            execute run into found;
            if found then
              visible := visible || i;
            end if;
          end if;
          i := i + 1;
        end loop;
        deallocate stack_rls_stmt;
        perform set_config('role', 'none', true);
      end if;
    exception when others then
      perform set_config('role', 'none', true);
      visible := '{}';
      raise warning 'realtime: change on % not delivered: %', item ->> 'relid', sqlerrm;
    end;
    result := result || jsonb_build_array(jsonb_build_object('record', rec, 'old_record', old, 'visible', to_jsonb(visible), 'present', present, 'errors', errors));
  end loop;
  return result;
end;
$$;
revoke all on function realtime.stack_changes(jsonb) from public, anon, authenticated, service_role;

-- Stack-internal: what the subscriber may do on a private channel (broadcast/presence read and write),
-- probed as hosted does: insert a realtime.messages row as the user with realtime.topic() set, then see
-- whether the insert policy let it in and the select policy lets it be read. Always rolled back by the caller.
create or replace function realtime.stack_channel_policies(topic text, role text, claims text, extensions text[])
returns jsonb
language plpgsql
as $$
declare
  result jsonb := '{}'::jsonb;
  ext text;
  probe uuid;
  can_read boolean;
  can_write boolean;
begin
  perform set_config('role', role, true),
          set_config('request.jwt.claims', claims, true),
          set_config('request.jwt.claim.sub', coalesce(claims::jsonb ->> 'sub', ''), true),
          set_config('request.jwt.claim.role', role, true),
          set_config('realtime.topic', topic, true);
  foreach ext in array extensions loop
    probe := gen_random_uuid();
    begin
      insert into realtime.messages (id, topic, extension) values (probe, topic, ext);
      can_write := true;
    exception when others then
      can_write := false;
    end;
    if not can_write then
      -- The read check needs a row to look at; put it in as the owner, then read as the user.
      perform set_config('role', 'none', true);
      insert into realtime.messages (id, topic, extension) values (probe, topic, ext);
      perform set_config('role', role, true);
    end if;
    begin
      select exists (select 1 from realtime.messages m where m.id = probe) into can_read;
    exception when others then
      can_read := false;
    end;
    result := result || jsonb_build_object(ext, jsonb_build_object('read', can_read, 'write', can_write));
  end loop;
  perform set_config('role', 'none', true);
  return result;
end;
$$;
revoke all on function realtime.stack_channel_policies(text, text, text, text[]) from public, anon, authenticated, service_role;
