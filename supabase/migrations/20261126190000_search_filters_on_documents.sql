-- Search within the 50 ms budget with room to spare (issue 24 Speed; decision 077, update "speed").
--
-- Measured with EXPLAIN (ANALYZE, BUFFERS) on the bench's workspace (10,000 tasks, 50,000 comments): a common
-- word's hits (~2,300 tasks from titles, descriptions and comments) were each looked up in public.tasks only to
-- apply the done / archived / assignee filters and to order ties by number — 7,000 buffer reads, a third of
-- my_search_hits. Those four facts now live on the task's search document, kept by the same trigger, so every
-- hit source filters on the document itself and public.tasks is read only for the 50 results (as the caller, in
-- search_workspace, unchanged). Results, ranking, visibility and signatures stay as they were.

-- ============================================================================
-- The filter fields on each task's document
-- ============================================================================
alter table private.task_search_documents
  add column number integer not null default 0,
  add column assignee_id uuid,
  add column is_completed boolean not null default false,
  -- The task's own archive; an archived board is the caller's board set's business (my_search_hits).
  add column is_archived boolean not null default false;

update private.task_search_documents d
set number = t.number, assignee_id = t.assignee_id, is_completed = t.completed_at is not null,
  is_archived = t.archived_at is not null
from public.tasks t
where t.id = d.task_id;

/**
 * Keeps a task's search document: its words and the fields search filters on. On update, only when one of them
 * (or the board, moved by move_task_to_board) changed: a drag that changes only the position writes nothing.
 */
create or replace function private.keep_task_search_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.title, new.description, new.number, new.assignee_id, new.completed_at is null,
      new.archived_at is null, new.board_id)
    is not distinct from (old.title, old.description, old.number, old.assignee_id, old.completed_at is null,
      old.archived_at is null, old.board_id) then
    return null;
  end if;
  insert into private.task_search_documents as d (task_id, workspace_id, board_id, title, document, number,
    assignee_id, is_completed, is_archived)
  values (new.id, (select b.workspace_id from public.boards b where b.id = new.board_id), new.board_id,
    new.title, private.task_document(new.title, new.description), new.number, new.assignee_id,
    new.completed_at is not null, new.archived_at is not null)
  on conflict (task_id) do update set board_id = excluded.board_id, title = excluded.title,
    document = excluded.document, number = excluded.number, assignee_id = excluded.assignee_id,
    is_completed = excluded.is_completed, is_archived = excluded.is_archived;
  return null;
end;
$$;

-- Every update, not `update of` some columns: completing a task by moving it sets completed_at in a before
-- trigger, which `update of completed_at` would not see. The same name, so the bench still finds it.
drop trigger tasks_keep_search_document on public.tasks;
create trigger tasks_keep_search_document after insert or update on public.tasks
  for each row execute function private.keep_task_search_document();

-- ============================================================================
-- Hits: filtered on the documents, public.tasks untouched
-- ============================================================================
/**
 * The caller's tasks in `workspace_id` matching `tsq` in their title or description, or in a live comment (the
 * best one's id), or whose title resembles `words` (3–64 characters, no quotes or `-`); filtered as search_workspace says, best
 * first, at most `max_results`. Answers only about what the caller can read.
 * Example: select * from public.my_search_hits('<workspace>', 'deploy:*', 'deploy', null, null, null, null, false, 50);
 */
create or replace function public.my_search_hits(
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
  -- Each source keeps only the tasks the filters let through, read from the document itself: no hit is looked
  -- up in public.tasks (a common word's 2,300 lookups were a third of the search).
  text_hits as (
    select d.task_id, d.number, pg_catalog.ts_rank(d.document, my_search_hits.tsq) as rank
    from private.task_search_documents d, mine
    where d.document @@ my_search_hits.tsq and d.board_id = any (mine.ids)
      and (my_search_hits.filter_assignee is null or d.assignee_id = my_search_hits.filter_assignee)
      and (my_search_hits.filter_done is null or d.is_completed = my_search_hits.filter_done)
      and (my_search_hits.filter_archived is null
        or (d.is_archived or d.board_id = any (mine.archived_ids)) = my_search_hits.filter_archived)
  ),
  typo_hits as (
    select d.task_id, d.number, extensions.word_similarity(my_search_hits.words, d.title) as rank
    from private.task_search_documents d, mine
    where pg_catalog.char_length(my_search_hits.words) between 3 and 64
      -- Quotes and `-word` ask for exact words, which a resemblance would not honour.
      and my_search_hits.words !~ '["-]'
      and my_search_hits.words operator(extensions.<%) d.title
      and d.board_id = any (mine.ids)
      and (my_search_hits.filter_assignee is null or d.assignee_id = my_search_hits.filter_assignee)
      and (my_search_hits.filter_done is null or d.is_completed = my_search_hits.filter_done)
      and (my_search_hits.filter_archived is null
        or (d.is_archived or d.board_id = any (mine.archived_ids)) = my_search_hits.filter_archived)
  ),
  -- A comment's filters are its task's: its best comment per task, then the task's document decides.
  comment_hits as (
    select c.task_id, d.number, c.comment_id, c.rank
    from (
      select distinct on (cd.task_id) cd.task_id, cd.comment_id,
        pg_catalog.ts_rank(cd.document, my_search_hits.tsq) as rank
      from private.comment_search_documents cd, mine
      where cd.document @@ my_search_hits.tsq and cd.board_id = any (mine.ids)
      order by cd.task_id, 3 desc
    ) c
    join private.task_search_documents d on d.task_id = c.task_id
    cross join mine
    where (my_search_hits.filter_assignee is null or d.assignee_id = my_search_hits.filter_assignee)
      and (my_search_hits.filter_done is null or d.is_completed = my_search_hits.filter_done)
      and (my_search_hits.filter_archived is null
        or (d.is_archived or d.board_id = any (mine.archived_ids)) = my_search_hits.filter_archived)
  ),
  hits as (
    select coalesce(th.task_id, yh.task_id, ch.task_id) as task_id,
      coalesce(th.number, yh.number, ch.number) as number,
      -- Title and description words count most, a comment's half, a resemblance to the title least.
      coalesce(th.rank, 0) + coalesce(ch.rank, 0) * 0.5 + coalesce(yh.rank, 0) * 0.1 as score,
      th.task_id is not null as in_text, yh.task_id is not null as in_typo, ch.comment_id
    from text_hits th
    full join typo_hits yh on yh.task_id = th.task_id
    full join comment_hits ch on ch.task_id = coalesce(th.task_id, yh.task_id)
  )
  select h.task_id, h.score, h.in_text, h.in_typo, h.comment_id
  from hits h
  -- Labels are not on the document: only a search filtered by label reads them.
  where my_search_hits.filter_label is null or exists (
    select 1 from public.task_labels tl where tl.task_id = h.task_id and tl.label_id = my_search_hits.filter_label)
  order by h.score desc, h.number
  limit my_search_hits.max_results;
$$;

