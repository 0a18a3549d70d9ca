-- Boards, their columns and labels; fractional-index keys for ordering, and the column move RPC.

-- ============================================================================
-- Fractional-index keys
-- ============================================================================

-- Keys are base-62 strings compared byte by byte (collation "C"): digits, then A–Z, then a–z.
-- A key never ends in '0', so there is always room for another key between any two.
create domain public.position_key as text collate "C"
  constraint position_key_format check (value ~ '^[0-9A-Za-z]*[1-9A-Za-z]$' and char_length(value) <= 512);

/**
 * A key strictly between `a` and `b` (null `a` = before everything, null `b` = after everything).
 * Appending and prepending use the shortest neighbouring key, so keys grow by one character per
 * 30–60 cards added at the same end; inserting between two keys takes their midpoint.
 * Example: key_between(null, null) = 'V'; key_between('V', null) = 'W'; key_between('V', 'W') = 'VV'.
 */
create function public.key_between(a text, b text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  lo text := coalesce(a, '');
  hi text := b;
  prefix text := '';
  common int;
  lo_digit int;
  hi_digit int;
  i int;
begin
  if (a is not null and a !~ '^[0-9A-Za-z]*[1-9A-Za-z]$') or (b is not null and b !~ '^[0-9A-Za-z]*[1-9A-Za-z]$') then
    raise exception using errcode = '22023', message = format('invalid position key: %s / %s', a, b);
  end if;
  if a is not null and b is not null and a collate "C" >= b collate "C" then
    raise exception using errcode = '22023', message = format('key_between: %s is not before %s', a, b);
  end if;

  -- The first key sits in the middle, leaving room on both sides.
  if a is null and b is null then
    return 'V';
  end if;

  -- Appending: bump the first digit that can go up ('Vz' -> 'W'); all 'z' -> add a digit.
  if hi is null then
    for i in 1 .. char_length(lo) loop
      if substr(lo, i, 1) <> 'z' then
        return left(lo, i - 1) || substr(digits, strpos(digits, substr(lo, i, 1)) + 1, 1);
      end if;
    end loop;
    -- All 'z': one more digit, starting low so the next ~60 appends keep this length.
    return lo || '1';
  end if;

  -- Prepending: lower the first digit that can go down without reaching '0' ('W' -> 'V').
  if a is null then
    for i in 1 .. char_length(hi) loop
      if substr(hi, i, 1) > '1' collate "C" then
        return left(hi, i - 1) || substr(digits, strpos(digits, substr(hi, i, 1)) - 1, 1);
      end if;
    end loop;
    return left(hi, char_length(hi) - 1) || '0V';
  end if;

  -- Between two keys: skip the common prefix (a shorter `lo` reads as padded with '0'), then take
  -- the middle digit if there is room, else descend one digit.
  loop
    if hi is not null then
      common := 0;
      while common < char_length(hi)
        and coalesce(nullif(substr(lo, common + 1, 1), ''), '0') = substr(hi, common + 1, 1) loop
        common := common + 1;
      end loop;
      prefix := prefix || left(hi, common);
      lo := substr(lo, common + 1);
      hi := substr(hi, common + 1);
    end if;
    lo_digit := case when lo = '' then 0 else strpos(digits, left(lo, 1)) - 1 end;
    hi_digit := case when hi is null then 62 else strpos(digits, left(hi, 1)) - 1 end;
    if hi_digit - lo_digit > 1 then
      return prefix || substr(digits, (lo_digit + hi_digit) / 2 + 1, 1);
    end if;
    if hi is not null and char_length(hi) > 1 then
      return prefix || left(hi, 1);
    end if;
    prefix := prefix || substr(digits, lo_digit + 1, 1);
    lo := substr(lo, 2);
    hi := null;
  end loop;
end;
$$;

-- ============================================================================
-- Tables
-- ============================================================================
create table public.boards (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  name text not null,
  description text not null default '',
  archived_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint boards_name_length check (char_length(name) between 1 and 80 and name !~ '^\s|\s$'),
  constraint boards_description_length check (char_length(description) <= 2000)
);
alter table public.boards enable row level security;
create index boards_workspace_id_idx on public.boards (workspace_id);
-- Indexes on references to profiles keep account deletion (on delete set null) from scanning.
create index boards_created_by_idx on public.boards (created_by);

create trigger boards_set_updated_at before update on public.boards
  for each row execute function public.set_updated_at();

create table public.columns (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  name text not null,
  position public.position_key not null,
  wip_limit integer,
  is_done boolean not null default false,
  created_at timestamptz not null default now(),
  constraint columns_name_length check (char_length(name) between 1 and 40 and name !~ '^\s|\s$'),
  constraint columns_wip_limit_range check (wip_limit between 1 and 999),
  -- Lets tasks reference (board_id, column_id) so a task's column is always on its board.
  constraint columns_board_id_id_key unique (board_id, id),
  constraint columns_position_key unique (board_id, position)
);
alter table public.columns enable row level security;

create table public.labels (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  name text not null,
  color text not null default 'gray',
  created_at timestamptz not null default now(),
  constraint labels_name_length check (char_length(name) between 1 and 24 and name !~ '^\s|\s$'),
  constraint labels_color_palette
    check (color in ('gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple')),
  constraint labels_board_id_id_key unique (board_id, id)
);
alter table public.labels enable row level security;

revoke insert, update, delete on public.boards, public.columns, public.labels from anon;
revoke update on public.boards from authenticated;
grant update (name, description, archived_at) on public.boards to authenticated;
revoke update on public.columns from authenticated;
grant update (name, position, wip_limit, is_done) on public.columns to authenticated;
revoke update on public.labels from authenticated;
grant update (name, color) on public.labels to authenticated;

-- ============================================================================
-- Helpers for policies
-- ============================================================================
create function public.board_workspace_id(board_id uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select b.workspace_id from public.boards b where b.id = board_workspace_id.board_id;
$$;

-- One query rather than a chain of helpers: policies call this once per row.
create function public.has_board_role(board_id uuid, min_role public.workspace_role) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.boards b
    join public.workspace_members m on m.workspace_id = b.workspace_id
    where b.id = has_board_role.board_id
      and m.user_id = (select auth.uid())
      and m.role >= has_board_role.min_role
  );
$$;

/**
 * The boards where the caller has at least `min_role`. Policies on tables with many rows per board
 * use `board_id in (select public.my_board_ids(...))`, which Postgres evaluates once per query
 * instead of once per row.
 */
create function public.my_board_ids(min_role public.workspace_role) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select b.id
  from public.boards b
  join public.workspace_members m on m.workspace_id = b.workspace_id
  where m.user_id = (select auth.uid()) and m.role >= min_role;
$$;

-- ============================================================================
-- Policies
-- ============================================================================
create policy "members can read boards of their workspaces" on public.boards
  for select to authenticated
  using (public.is_member(workspace_id));

create policy "members can create boards in their workspaces" on public.boards
  for insert to authenticated
  with check (public.has_role_at_least(workspace_id, 'member') and created_by = (select auth.uid()));

-- Archiving takes an admin; the guard trigger below checks that part.
create policy "members can edit boards of their workspaces" on public.boards
  for update to authenticated
  using (public.has_role_at_least(workspace_id, 'member'))
  with check (public.has_role_at_least(workspace_id, 'member'));

create policy "admins can delete boards of their workspaces" on public.boards
  for delete to authenticated
  using (public.has_role_at_least(workspace_id, 'admin'));

create policy "members can read columns of their boards" on public.columns
  for select to authenticated
  using (board_id in (select public.my_board_ids('viewer')));

create policy "members can add columns to their boards" on public.columns
  for insert to authenticated
  with check (public.has_board_role(board_id, 'member'));

create policy "members can edit columns of their boards" on public.columns
  for update to authenticated
  using (public.has_board_role(board_id, 'member'))
  with check (public.has_board_role(board_id, 'member'));

create policy "members can delete columns of their boards" on public.columns
  for delete to authenticated
  using (public.has_board_role(board_id, 'member'));

create policy "members can read labels of their boards" on public.labels
  for select to authenticated
  using (board_id in (select public.my_board_ids('viewer')));

create policy "members can add labels to their boards" on public.labels
  for insert to authenticated
  with check (public.has_board_role(board_id, 'member'));

create policy "members can edit labels of their boards" on public.labels
  for update to authenticated
  using (public.has_board_role(board_id, 'member'))
  with check (public.has_board_role(board_id, 'member'));

create policy "members can delete labels of their boards" on public.labels
  for delete to authenticated
  using (public.has_board_role(board_id, 'member'));

-- ============================================================================
-- Rules: archiving a board takes an admin (SPEC §4)
-- ============================================================================
create function public.guard_board_archive() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.archived_at is distinct from old.archived_at
     and (select auth.uid()) is not null
     and not public.has_role_at_least(old.workspace_id, 'admin') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Only admins and owners can archive or restore boards.', hint = 'admin';
  end if;
  return new;
end;
$$;

create trigger boards_guard_archive before update on public.boards
  for each row execute function public.guard_board_archive();

-- ============================================================================
-- Limits (SPEC §9): each counts under a lock on the parent row, so concurrent inserts queue.
-- ============================================================================
create function public.enforce_boards_per_workspace() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.workspaces w where w.id = new.workspace_id for update;
  if (select count(*) from public.boards b where b.workspace_id = new.workspace_id) >= 50 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A workspace can have at most 50 boards.', hint = 'boards_per_workspace';
  end if;
  return new;
end;
$$;

create trigger boards_limit before insert on public.boards
  for each row execute function public.enforce_boards_per_workspace();

-- New columns go to the end when no position is given.
create function public.before_column_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.boards b where b.id = new.board_id for update;
  if (select count(*) from public.columns c where c.board_id = new.board_id) >= 20 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 20 columns.', hint = 'columns_per_board';
  end if;
  if new.position is null then
    new.position := public.key_between(
      (select max(c.position) from public.columns c where c.board_id = new.board_id), null);
  end if;
  return new;
end;
$$;

create trigger columns_before_insert before insert on public.columns
  for each row execute function public.before_column_insert();

create function public.enforce_labels_per_board() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.boards b where b.id = new.board_id for update;
  if (select count(*) from public.labels l where l.board_id = new.board_id) >= 30 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A board can have at most 30 labels.', hint = 'labels_per_board';
  end if;
  return new;
end;
$$;

create trigger labels_limit before insert on public.labels
  for each row execute function public.enforce_labels_per_board();

-- ============================================================================
-- RPC: move a column
-- ============================================================================

/**
 * The key for an item placed after `before_key` (or first when null) among the given sibling keys,
 * using the sibling that really follows it now — not the one the client saw — so concurrent moves
 * to the same spot get distinct keys in a consistent order.
 */
create function public.key_after_sibling(before_key text, sibling_keys text[]) returns text
language sql immutable
set search_path = ''
as $$
  select public.key_between(
    before_key,
    (select min(k collate "C") from unnest(sibling_keys) k
     where before_key is null or k collate "C" > before_key collate "C")
  );
$$;

-- Internal helpers: not exposed through the API (the schema is not in config.toml's `schemas`) and
-- not usable by API roles; the security definer RPCs that call them run as their owner.
create schema private;

/**
 * The key for an item moved between the siblings whose keys are `before_key` and `after_key` (null =
 * that end), given the keys of every other item in the list (see key_between_neighbours below).
 * Neither named: the end of the list. Only `after_key`: right above it, below whatever precedes it
 * now. `before_key` named: right below it (key_after_sibling).
 */
create function private.key_for_move(before_key text, after_key text, sibling_keys text[]) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when before_key is not null then public.key_after_sibling(before_key, sibling_keys)
    when after_key is not null then public.key_between(
      (select max(k collate "C") from unnest(sibling_keys) k where k collate "C" < after_key collate "C"),
      after_key)
    else public.key_between((select max(k collate "C") from unnest(sibling_keys) k), null)
  end;
$$;

/**
 * The key for an item moved between the neighbours the client named (`before_id` above or left of
 * it, `after_id` below or right of it; null = that end), looked up among the other items of its
 * list as they are now (`sibling_ids` with their `sibling_keys`). Serves move_column and move_task.
 * CONFLICT, with the caller's wording in `detail`, when a named neighbour has left the list or
 * `after_id` no longer comes after `before_id`.
 */
create function private.key_between_neighbours(
  before_id uuid, after_id uuid, sibling_ids uuid[], sibling_keys text[],
  before_gone text, after_gone text
) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  before_key text;
  after_key text;
begin
  if before_id is not null then
    select s.k into before_key from unnest(sibling_ids, sibling_keys) s (i, k)
    where s.i = key_between_neighbours.before_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'CONFLICT', detail = before_gone, hint = 'before_id';
    end if;
  end if;
  if after_id is not null then
    select s.k into after_key from unnest(sibling_ids, sibling_keys) s (i, k)
    where s.i = key_between_neighbours.after_id;
    if not found or (before_key is not null and after_key collate "C" <= before_key collate "C") then
      raise exception using errcode = 'P0001', message = 'CONFLICT', detail = after_gone, hint = 'after_id';
    end if;
  end if;
  return private.key_for_move(before_key, after_key, sibling_keys);
end;
$$;

/**
 * Moves a column between two neighbours (ids as the client sees them; null = that end).
 * Example: select * from public.move_column('<column>', '<column before>', null);  -- to the end
 */
create function public.move_column(column_id uuid, before_id uuid, after_id uuid) returns public.columns
language plpgsql
security definer
set search_path = ''
as $$
declare
  moving public.columns;
  sibling_ids uuid[];
  sibling_keys text[];
  new_key text;
begin
  select * into moving from public.columns c where c.id = move_column.column_id;
  if not found or not public.has_board_role(moving.board_id, 'viewer') then
    raise exception using errcode = 'P0001', message = 'NOT_FOUND',
      detail = 'No such column.', hint = 'column';
  end if;
  if not public.has_board_role(moving.board_id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot move columns.', hint = 'member';
  end if;

  -- One column move per board at a time.
  perform 1 from public.boards b where b.id = moving.board_id for update;

  select coalesce(array_agg(c.id order by c.id), '{}'), coalesce(array_agg(c.position::text order by c.id), '{}')
  into sibling_ids, sibling_keys
  from public.columns c where c.board_id = moving.board_id and c.id <> moving.id;

  new_key := private.key_between_neighbours(move_column.before_id, move_column.after_id, sibling_ids, sibling_keys,
    'The column to place it after is gone.', 'The column to place it before is gone or moved.');

  update public.columns c set position = new_key where c.id = moving.id returning * into moving;
  return moving;
end;
$$;
revoke execute on function public.move_column(uuid, uuid, uuid) from public, anon;
