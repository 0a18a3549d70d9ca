-- pg_cron 1.6's SQL API, emulated by the Lanes local stack: the same schema, tables, columns, policies
-- and functions, written in SQL; the stack's Node worker (src/background/cron) reads cron.job, runs each
-- job as its role and logs cron.job_run_details, as pg_cron's background worker does. Decision 170.
--
-- No `schema` in the control file, so both `create extension pg_cron with schema pg_catalog` and
-- `... with schema extensions` (as Supabase's docs write it) work; every object lives in `cron`.

do $$
begin
  -- pg_cron keeps its jobs in one database (cron.database_name, 'postgres' by default).
  if current_database() <> coalesce(current_setting('cron.database_name', true), 'postgres') then
    raise exception 'can only create extension in database %',
      coalesce(current_setting('cron.database_name', true), 'postgres')
      using detail = 'Jobs must be scheduled from the database configured in cron.database_name, since the pg_cron background worker reads job descriptions from this database.',
            hint = format('Add cron.database_name = ''%s'' in postgresql.conf to use the current database.', current_database());
  end if;
end
$$;

create schema cron;
create sequence cron.jobid_seq;
create sequence cron.runid_seq;

create table cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);

create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- As pg_cron: everyone may read their own jobs and runs (RLS) and delete their runs; nobody gets the
-- schema's USAGE unless an admin grants it (Supabase grants it to postgres only).
grant select on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select on sequence cron.jobid_seq, cron.runid_seq to public;
-- pg_cron writes cron.job from C as the extension owner; here the functions below are ordinary SQL
-- run as the caller, so the caller writes its own rows (RLS keeps them to its own username) and the
-- trigger checks every write as pg_cron's functions do.
grant insert, update, delete on cron.job to public;
grant usage on sequence cron.jobid_seq to public;

select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.runid_seq', '');

-- True when `schedule` is one pg_cron accepts: five cron fields (numbers, `*`, ranges, `/steps`, lists,
-- month and weekday names, `$` as the last day of the month), an @ nickname, or '[1-59] seconds'.
create function cron._schedule_is_valid(schedule text) returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  s text := lower(btrim(schedule));
  fields text[];
  lows int[] := array[0, 0, 1, 1, 0];
  highs int[] := array[59, 23, 31, 12, 7];
  names text[];
  item text;
  parts text[];
  num1 int;
  num2 int;
  step int;
  f int;
begin
  if s is null then
    return false;
  end if;
  if s ~ '^[0-9]+\s*seconds?$' then
    return substring(s from '^[0-9]+')::numeric between 1 and 59;
  end if;
  if s in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly') then
    return true;
  end if;
  fields := regexp_split_to_array(s, '\s+');
  if array_length(fields, 1) <> 5 then
    return false;
  end if;
  if fields[3] = '$' then
    fields[3] := '*';
  end if;
  for f in 1..5 loop
    names := case f
      when 4 then array['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec']
      when 5 then array['sun','mon','tue','wed','thu','fri','sat']
      else array[]::text[] end;
    foreach item in array string_to_array(fields[f], ',') loop
      parts := regexp_match(item, '^(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:/([0-9]+))?$');
      if parts is null then
        return false;
      end if;
      if parts[1] = '*' then
        if parts[2] is not null then return false; end if;
        num1 := lows[f];
        num2 := highs[f];
      else
        num1 := cron._schedule_number(parts[1], names, lows[f]);
        num2 := coalesce(cron._schedule_number(parts[2], names, lows[f]), num1);
        -- A single value takes no step in Vixie cron's grammar.
        if parts[2] is null and parts[3] is not null then return false; end if;
      end if;
      if num1 is null or num2 is null or num1 < lows[f] or num1 > highs[f] or num2 < lows[f] or num2 > highs[f] then
        return false;
      end if;
      if parts[3] is not null then
        step := least(parts[3]::numeric, 1000)::int;
        if step <= 0 or step > highs[f] then return false; end if;
      end if;
    end loop;
  end loop;
  return true;
end
$$;

-- A cron field's number, or the position of its name (jan = 1, sun = 0); null when neither.
create function cron._schedule_number(token text, names text[], low int) returns int
language sql immutable
set search_path = ''
as $$
  select case
    when token is null then null
    when token ~ '^[0-9]{1,4}$' then token::int
    when array_position(names, token) is not null then array_position(names, token) - 1 + low
  end
$$;

-- Checks each write to cron.job as pg_cron's C functions check their arguments.
create function cron._check_job() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  is_superuser boolean := (select rolsuper from pg_catalog.pg_roles where rolname = current_user);
  can_login boolean;
begin
  if not cron._schedule_is_valid(new.schedule) then
    raise exception 'invalid schedule: %', new.schedule
      using errcode = '22023', hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
  if new.username is distinct from current_user and not is_superuser
     and (tg_op = 'INSERT' or new.username is distinct from old.username) then
    raise exception 'must be superuser to create a job for another role';
  end if;
  select rolcanlogin into can_login from pg_catalog.pg_roles where rolname = new.username;
  if can_login is null then
    raise exception 'role "%" does not exist', new.username;
  end if;
  if (tg_op = 'INSERT' or new.database is distinct from old.database)
     and not exists (select 1 from pg_catalog.pg_database where datname = new.database) then
    raise exception 'database "%" does not exist', new.database using errcode = '3D000';
  end if;
  if (tg_op = 'INSERT' or new.database is distinct from old.database)
     and not pg_catalog.has_database_privilege(new.username, new.database, 'CONNECT') then
    raise exception 'User % does not have CONNECT privilege on %', new.username, new.database;
  end if;
  return new;
end
$$;
create trigger cron_job_check before insert or update on cron.job
  for each row execute function cron._check_job();

-- What pg_cron's job cache invalidation does: the stack's worker reloads the jobs on commit.
create function cron.job_cache_invalidate() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('stack_cron', 'jobs');
  return null;
end
$$;
create trigger cron_job_cache_invalidate after insert or update or delete or truncate on cron.job
  for each statement execute function cron.job_cache_invalidate();

create function cron.schedule(schedule text, command text) returns bigint
language plpgsql strict
set search_path = ''
as $$
declare
  id bigint;
begin
  insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
  return id;
end
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  id bigint;
begin
  if job_name is null then raise exception 'job_name can not be NULL'; end if;
  if schedule is null then raise exception 'schedule can not be NULL'; end if;
  if command is null then raise exception 'command can not be NULL'; end if;
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict on constraint jobname_username_uniq do update
    set schedule = excluded.schedule, command = excluded.command, database = excluded.database
  returning jobid into id;
  return id;
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.schedule_in_database(
  job_name text,
  schedule text,
  command text,
  database text,
  username text default null,
  active boolean default 'true'
) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  id bigint;
begin
  if job_name is null then raise exception 'job_name can not be NULL'; end if;
  if schedule is null then raise exception 'schedule can not be NULL'; end if;
  if command is null then raise exception 'command can not be NULL'; end if;
  insert into cron.job (jobname, schedule, command, database, username, active)
  values (job_name, schedule, command, coalesce(database, current_database()),
          coalesce(username, current_user), coalesce(active, true))
  on conflict on constraint jobname_username_uniq do update
    set schedule = excluded.schedule, command = excluded.command, database = excluded.database
  returning jobid into id;
  return id;
end
$$;
comment on function cron.schedule_in_database(text, text, text, text, text, boolean) is 'schedule a pg_cron job';
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;

create function cron.unschedule(job_id bigint) returns boolean
language plpgsql strict
set search_path = ''
as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create function cron.unschedule(job_name text) returns boolean
language plpgsql strict
set search_path = ''
as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

create function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
language plpgsql
set search_path = ''
as $$
begin
  if job_id is null then raise exception 'job_id can not be NULL'; end if;
  if schedule is null and command is null and database is null and username is null and active is null then
    raise exception 'no updates specified'
      using hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  if username is not null and not (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    raise exception 'must be superuser to alter username';
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
  if not found then
    raise exception 'Job % does not exist or you don''t own it', job_id;
  end if;
end
$$;
comment on function cron.alter_job(bigint, text, text, text, text, boolean) is
  'Alter the job identified by job_id. Any option left as NULL will not be modified.';
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;

-- The worker starts reading jobs as soon as the extension exists.
select pg_catalog.pg_notify('stack_cron', 'jobs');
