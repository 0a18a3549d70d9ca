-- Realtime: the tables a board and a task panel follow live (SPEC §3, §7). Realtime delivers an
-- INSERT or UPDATE only to subscribers whose policies let them select the row.

-- ============================================================================
-- Publication
-- ============================================================================
alter publication supabase_realtime add table
  public.boards,
  public.columns,
  public.labels,
  public.tasks,
  public.task_labels,
  public.comments,
  public.attachments;

-- Replica identity stays the default (primary key): a DELETE event carries only the old primary
-- key, as on hosted Supabase, and cannot be filtered by board_id. The board view removes rows by
-- id from what it holds. See docs/decisions/063-realtime-replica-identity.md.
