-- Workspace-wide search over task titles, descriptions and comments (SPEC §10, issue 24; decision 077).
--
-- Words are matched with Postgres full text search in the `simple` configuration (no stemming, no stop words:
-- a workspace writes in any language, and `simple` never drops a word someone typed), words of two characters
-- or more also as a prefix (`deplo` finds `deploy`); titles also match by trigram similarity, so a typo (`deplyo`) still finds
-- them. The search runs as the caller (security invoker): row-level security decides what can be found.

create extension if not exists pg_trgm with schema extensions;

-- ============================================================================
-- Documents: each task's and each live comment's words, kept beside them by triggers. Apart from the tables, so
-- a task or comment read through the API never carries its tsvector, and in `private`, which no API role can
-- reach: only my_search_hits (security definer) reads them. A task never changes board, nor a board workspace.
-- ============================================================================
create table private.task_search_documents (
  task_id uuid primary key references public.tasks (id) on delete cascade,
  workspace_id uuid not null,
  board_id uuid not null,
  title text not null,
  -- The title weighs more than the description.
  document tsvector not null
);
alter table private.task_search_documents enable row level security;
-- Words only: a GIN index over (workspace_id, words) through btree_gin reads the workspace's whole posting
-- list on every search, measured 5–10 times slower on one big workspace than filtering the word's matches.
-- fastupdate off: a search never walks a pending list of recent words (26 ms of a 126 ms search, measured right
-- after a bulk load); each write pays its index update at once instead.
create index task_search_documents_document_idx on private.task_search_documents using gin (document)
  with (fastupdate = off);
-- Typos and fragments of titles.
create index task_search_documents_title_idx on private.task_search_documents
  using gin (title extensions.gin_trgm_ops) with (fastupdate = off);

-- Deleted comments keep the row but not the words (guard_comment_update); they leave this table.
create table private.comment_search_documents (
  comment_id uuid primary key references public.comments (id) on delete cascade,
  task_id uuid not null references public.tasks (id) on delete cascade,
  workspace_id uuid not null,
  board_id uuid not null,
  document tsvector not null
);
alter table private.comment_search_documents enable row level security;
create index comment_search_documents_document_idx on private.comment_search_documents using gin (document)
  with (fastupdate = off);
create index comment_search_documents_task_id_idx on private.comment_search_documents (task_id);

create function private.task_document(title text, description text) returns tsvector
language sql immutable parallel safe
set search_path = ''
as $$
  select pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, title), 'A')
    || pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, description), 'B');
$$;

create function private.keep_task_search_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.task_search_documents as d (task_id, workspace_id, board_id, title, document)
  values (new.id, (select b.workspace_id from public.boards b where b.id = new.board_id), new.board_id,
    new.title, private.task_document(new.title, new.description))
  on conflict (task_id) do update set title = excluded.title, document = excluded.document;
  return null;
end;
$$;

create trigger tasks_keep_search_document after insert or update of title, description on public.tasks
  for each row execute function private.keep_task_search_document();

create function private.keep_comment_search_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.deleted_at is not null then
    delete from private.comment_search_documents d where d.comment_id = new.id;
  else
    insert into private.comment_search_documents as d (comment_id, task_id, workspace_id, board_id, document)
    select new.id, new.task_id, b.workspace_id, b.id, pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, new.body)
    from public.tasks t join public.boards b on b.id = t.board_id
    where t.id = new.task_id
    on conflict (comment_id) do update set document = excluded.document;
  end if;
  return null;
end;
$$;

create trigger comments_keep_search_document after insert or update of body, deleted_at on public.comments
  for each row execute function private.keep_comment_search_document();

insert into private.task_search_documents (task_id, workspace_id, board_id, title, document)
select t.id, b.workspace_id, t.board_id, t.title, private.task_document(t.title, t.description)
from public.tasks t join public.boards b on b.id = t.board_id;
insert into private.comment_search_documents (comment_id, task_id, workspace_id, board_id, document)
select c.id, c.task_id, b.workspace_id, t.board_id, pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, c.body)
from public.comments c join public.tasks t on t.id = c.task_id join public.boards b on b.id = t.board_id
where c.deleted_at is null;

-- ============================================================================
-- Hits: which of the caller's tasks match, best first, found through the indexes. Row-level security keeps
-- Postgres from using an index for an operator that is not leakproof (`@@`, `<%`) before the policy has
-- filtered the rows, which made every search a scan of every task and comment (seconds on 10,000 tasks); this
-- function reads as its owner and keeps to the boards the tasks policy lets the caller read
-- (my_board_ids('viewer')), and search_workspace joins what it returns with public.tasks as the caller, so the
-- policies still decide.
-- ============================================================================
/**
 * The caller's tasks in `workspace_id` matching `tsq` in their title or description, or in a live comment (the
 * best one's id), or whose title resembles `words` (3–64 characters, no quotes or `-`); filtered as search_workspace says, best
 * first, at most `max_results`. Answers only about what the caller can read.
 * Example: select * from public.my_search_hits('<workspace>', 'deploy:*', 'deploy', null, null, null, null, false, 50);
 */
create function public.my_search_hits(
  workspace_id uuid, tsq tsquery, words text, filter_board uuid, filter_assignee uuid, filter_label uuid,
  filter_done boolean, filter_archived boolean, max_results integer
)
returns table (task_id uuid, score double precision, in_text boolean, in_typo boolean, comment_id uuid)
language sql stable security definer
set search_path = ''
-- 0.3 (the default) lets unrelated short words through; one swapped letter in a word scores about 0.57.
set pg_trgm.word_similarity_threshold = 0.5
rows 50
as $$
  with mine as materialized (
    select coalesce(array_agg(b.id), '{}') as ids,
      coalesce(array_agg(b.id) filter (where b.archived_at is not null), '{}') as archived_ids
    from public.boards b
    where b.workspace_id = my_search_hits.workspace_id
      and b.id in (select public.my_board_ids('viewer'))
      and (my_search_hits.filter_board is null or b.id = my_search_hits.filter_board)
  ),
  text_hits as (
    select d.task_id, pg_catalog.ts_rank(d.document, my_search_hits.tsq) as rank
    from private.task_search_documents d, mine
    where d.document @@ my_search_hits.tsq and d.board_id = any (mine.ids)
  ),
  typo_hits as (
    select d.task_id, extensions.word_similarity(my_search_hits.words, d.title) as rank
    from private.task_search_documents d, mine
    where pg_catalog.char_length(my_search_hits.words) between 3 and 64
      -- Quotes and `-word` ask for exact words, which a resemblance would not honour.
      and my_search_hits.words !~ '["-]'
      and my_search_hits.words operator(extensions.<%) d.title
      and d.board_id = any (mine.ids)
  ),
  comment_hits as (
    select distinct on (d.task_id) d.task_id, d.comment_id,
      pg_catalog.ts_rank(d.document, my_search_hits.tsq) as rank
    from private.comment_search_documents d, mine
    where d.document @@ my_search_hits.tsq and d.board_id = any (mine.ids)
    order by d.task_id, 3 desc
  ),
  hits as (
    select coalesce(th.task_id, yh.task_id, ch.task_id) as task_id,
      -- Title and description words count most, a comment's half, a resemblance to the title least.
      coalesce(th.rank, 0) + coalesce(ch.rank, 0) * 0.5 + coalesce(yh.rank, 0) * 0.1 as score,
      th.task_id is not null as in_text, yh.task_id is not null as in_typo, ch.comment_id
    from text_hits th
    full join typo_hits yh on yh.task_id = th.task_id
    full join comment_hits ch on ch.task_id = coalesce(th.task_id, yh.task_id)
  )
  select h.task_id, h.score, h.in_text, h.in_typo, h.comment_id
  from hits h
  join public.tasks t on t.id = h.task_id
  cross join mine
  where (my_search_hits.filter_assignee is null or t.assignee_id = my_search_hits.filter_assignee)
    and (my_search_hits.filter_done is null or (t.completed_at is not null) = my_search_hits.filter_done)
    and (my_search_hits.filter_archived is null
      or (t.archived_at is not null or t.board_id = any (mine.archived_ids)) = my_search_hits.filter_archived)
    and (my_search_hits.filter_label is null or exists (
      select 1 from public.task_labels tl where tl.task_id = t.id and tl.label_id = my_search_hits.filter_label))
  order by h.score desc, t.number
  limit my_search_hits.max_results;
$$;

revoke execute on function public.my_search_hits(uuid, tsquery, text, uuid, uuid, uuid, boolean, boolean, integer)
  from public, anon;
grant execute on function public.my_search_hits(uuid, tsquery, text, uuid, uuid, uuid, boolean, boolean, integer)
  to authenticated;

-- ============================================================================
-- RPC: search a workspace
-- ============================================================================
/**
 * The tasks of `workspace_id` the caller can read that match `q`, best first, at most `max_results` (1–100).
 * Filters: one board, one assignee, one label, `filter_done` (true: completed only, false: open only, null:
 * both), `filter_archived` (false: hide archived tasks and tasks of archived boards, the default; true: only those; null: both).
 * Highlights in `title_marked` and `snippet` are wrapped in U+E000 … U+E001 (removed from the text first), so
 * the app splits on them and never renders markup from the database. `matched_in` names where words were
 * found: `title`, `description`, `comment`. An empty or operator-only `q` finds nothing; `q` over 500
 * characters is VALIDATION. An outsider's search finds nothing: the caller's own reads decide.
 * Example: select * from public.search_workspace('<workspace>', 'deploy friday', filter_archived => null);
 */
create function public.search_workspace(
  workspace_id uuid,
  q text,
  filter_board uuid default null,
  filter_assignee uuid default null,
  filter_label uuid default null,
  filter_done boolean default null,
  filter_archived boolean default false,
  max_results integer default 50
)
returns table (
  task_id uuid,
  board_id uuid,
  board_name text,
  task_number integer,
  title text,
  title_marked text,
  snippet text,
  matched_in text[],
  rank real,
  is_completed boolean,
  is_archived boolean
)
language plpgsql stable security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  words text := pg_catalog.btrim(coalesce(search_workspace.q, ''));
  tsq tsquery;
  mark_chars constant text := pg_catalog.chr(57344) || pg_catalog.chr(57345);
  marks constant text := 'StartSel=' || pg_catalog.chr(57344) || ', StopSel=' || pg_catalog.chr(57345);
  fragments constant text := ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
begin
  if pg_catalog.char_length(words) > 500 then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'A search can be at most 500 characters.', hint = 'q';
  end if;
  if search_workspace.max_results is null or search_workspace.max_results not between 1 and 100 then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'max_results must be between 1 and 100.', hint = 'max_results';
  end if;
  -- The highlight marks may not come from the text itself.
  words := pg_catalog.translate(words, mark_chars, '');
  -- A word said twice asks nothing more (and 70 copies of one word made a 500-character search 10 times slower);
  -- without quotes, only the first of each is kept.
  if pg_catalog.strpos(words, '"') = 0 then
    words := (
      select pg_catalog.string_agg(x.w, ' ' order by x.first)
      from (
        select min(s.w) as w, min(s.n) as first
        from pg_catalog.regexp_split_to_table(words, '\s+') with ordinality as s(w, n)
        group by pg_catalog.lower(s.w)
      ) x);
    words := coalesce(words, '');
  end if;
  -- Web-search syntax ("a phrase", `or`, `-word`) never fails on stray quotes or operators. Its text form quotes
  -- every word ('it''s'); `:*` after each quoted word of two characters or more makes it a prefix (`deplo`
  -- finds `deploy`, `東京` finds `東京タワー`; `a` stays a word), and casting back cannot change the query's shape.
  tsq := pg_catalog.regexp_replace(
    pg_catalog.websearch_to_tsquery('pg_catalog.simple'::regconfig, words)::text,
    '(''(?:[^'']|''''){2,}'')', '\1:*', 'g')::tsquery;
  if pg_catalog.numnode(tsq) = 0 then
    return;
  end if;

  return query
  with found as (
    select t.id, t.board_id, b.name as board_name, t.number, t.title, t.description, t.completed_at,
      (t.archived_at is not null or b.archived_at is not null) as is_archived,
      h.score, h.in_text, h.in_typo, h.comment_id
    from public.my_search_hits(search_workspace.workspace_id, tsq, words, search_workspace.filter_board,
      search_workspace.filter_assignee, search_workspace.filter_label, search_workspace.filter_done,
      search_workspace.filter_archived, search_workspace.max_results) h
    -- As the caller: the policies on tasks and boards decide again what is found.
    join public.tasks t on t.id = h.task_id
    join public.boards b on b.id = t.board_id
  ),
  placed as (
    -- The best comment's words, for the results shown only; read as the caller.
    select f.*, (select c.body from public.comments c where c.id = f.comment_id) as comment_body,
      f.in_typo or (f.in_text and pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, f.title) @@ tsq)
        as in_title,
      f.in_text and pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, f.description) @@ tsq as in_description
    from found f
  )
  select p.id, p.board_id, p.board_name, p.number, p.title,
    case when p.in_title
      then pg_catalog.ts_headline('pg_catalog.simple'::regconfig, pg_catalog.translate(p.title, mark_chars, ''),
        tsq, marks || ', HighlightAll=true')
      else p.title end,
    case
      when p.in_description or (p.in_text and not p.in_title)
        then pg_catalog.ts_headline('pg_catalog.simple'::regconfig,
          pg_catalog.translate(p.description, mark_chars, ''), tsq, marks || fragments)
      when p.comment_body is not null
        then pg_catalog.ts_headline('pg_catalog.simple'::regconfig,
          pg_catalog.translate(p.comment_body, mark_chars, ''), tsq, marks || fragments)
      else ''
    end,
    pg_catalog.array_remove(array[
      case when p.in_title then 'title' end,
      case when p.in_description or (p.in_text and not p.in_title) then 'description' end,
      case when p.comment_body is not null then 'comment' end], null),
    p.score::real,
    p.completed_at is not null,
    p.is_archived
  from placed p
  order by p.score desc, p.number;
end;
$$;

revoke execute on function public.search_workspace(uuid, text, uuid, uuid, uuid, boolean, boolean, integer)
  from public, anon;
grant execute on function public.search_workspace(uuid, text, uuid, uuid, uuid, boolean, boolean, integer)
  to authenticated;
