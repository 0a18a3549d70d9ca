-- pg_net 0.20's SQL API, emulated by the Lanes local stack: the same schema, queue and response tables,
-- and functions with pg_net's signatures and defaults; the stack's Node worker (src/background/net)
-- sends what a committed transaction queued, as pg_net's background worker does. Decision 171.

create schema if not exists net;

create domain net.http_method as text
  check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- Requests waiting for the worker; it deletes them as it takes them.
create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

-- What each request got: id is the request's id.
create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

-- NOTIFY is delivered on commit only, so a rolled-back transaction's requests are never sent.
create function net.wake() returns void
language sql
as $$ select pg_catalog.pg_notify('stack_net', '') $$;

create function net._queue_wake() returns trigger
language plpgsql
as $$
begin
  perform net.wake();
  return null;
end
$$;
create trigger http_request_queue_wake after insert on net.http_request_queue
  for each statement execute function net._queue_wake();

-- The stack's worker connects with this application name.
create function net.check_worker_is_up() returns void
language plpgsql
as $$
begin
  if not exists (select 1 from pg_catalog.pg_stat_activity where application_name = 'stack background worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the pg_net background worker is down due to an internal error and cannot process requests',
      hint = 'make sure that you didn''t modify any of pg_net internal tables';
  end if;
end
$$;
comment on function net.check_worker_is_up() is 'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

create function net.worker_restart() returns bool
language plpgsql
as $$
begin
  perform pg_catalog.pg_reload_conf();
  perform net.wake();
  return true;
end
$$;

create function net.wait_until_running() returns void
language sql
as $$ select $$;
comment on function net.wait_until_running() is 'waits until the worker is running';

-- Blocks until the request has a response.
create function net._await_response(request_id bigint) returns bool
language plpgsql parallel unsafe
as $$
begin
  while not exists (select 1 from net._http_response where id = request_id) loop
    perform pg_catalog.pg_sleep(0.05);
  end loop;
  return true;
end
$$;

-- Percent-encodes every byte but the unreserved characters, as curl_easy_escape does.
create function net._urlencode_string(string varchar) returns text
language sql immutable
as $$
  select coalesce(string_agg(
    case when get_byte(b, i) between 48 and 57 or get_byte(b, i) between 65 and 90
           or get_byte(b, i) between 97 and 122 or get_byte(b, i) in (45, 46, 95, 126)
      then chr(get_byte(b, i))
      else '%' || upper(lpad(to_hex(get_byte(b, i)), 2, '0'))
    end, '' order by i), '')
  from (select convert_to(coalesce(string, ''), 'UTF8') as b) s, generate_series(0, length(b) - 1) as i
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable
as $$
  select case
    when coalesce(cardinality(params_array), 0) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&')
  end
$$;

create function net._params_array(params jsonb) returns text[]
language sql immutable
as $$
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from jsonb_each_text(coalesce(params, '{}'::jsonb))
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql parallel unsafe
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql parallel unsafe
as $$
declare
  request_id bigint;
  content_type text;
begin
  select value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb))
  where lower(key) = 'content-type'
  limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
) returns bigint
language plpgsql parallel unsafe
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

create function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql parallel unsafe
as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response where id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$$;

create function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql parallel unsafe
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
