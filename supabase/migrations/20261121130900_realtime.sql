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

-- ============================================================================
-- Private channels: `board:<board_id>` carries the board's presence (who is viewing) and broadcast
-- (a card being dragged). Realtime authorises a private channel by these policies on
-- realtime.messages, evaluated as the joining user with realtime.topic() set to the channel name.
-- ============================================================================

/** The board id of a `board:<uuid>` channel name, or null for any other name. */
create function public.board_channel_board_id(topic text) returns uuid
language sql immutable
set search_path = ''
as $$
  select case
    when topic ~ '^board:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then substr(topic, 7)::uuid
  end;
$$;

create policy "members can listen on the channels of their boards" on realtime.messages
  for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and public.has_board_role(public.board_channel_board_id((select realtime.topic())), 'viewer')
  );

-- Viewers too: they appear in presence, and a drag preview changes no data.
create policy "members can send on the channels of their boards" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and public.has_board_role(public.board_channel_board_id((select realtime.topic())), 'viewer')
  );
