-- The activity feed: what happened in a workspace, written only by the triggers below (security
-- definer), read by its members.

-- ============================================================================
-- Table
-- ============================================================================
create table public.activity (
  id bigint generated always as identity primary key,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  board_id uuid references public.boards (id) on delete cascade,
  -- A deleted task keeps its lines in the feed (their data names it).
  task_id uuid references public.tasks (id) on delete set null,
  actor_id uuid references public.profiles (id) on delete set null,
  kind text not null,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint activity_kind_known check (kind in (
    'task_created', 'task_moved', 'task_completed', 'task_reopened', 'task_archived',
    'task_restored', 'comment_added', 'attachment_added', 'member_joined', 'member_left',
    'role_changed'
  ))
);
alter table public.activity enable row level security;
create index activity_workspace_id_idx on public.activity (workspace_id, id desc);
create index activity_task_id_idx on public.activity (task_id, id desc);
create index activity_board_id_idx on public.activity (board_id);
create index activity_actor_id_idx on public.activity (actor_id);

revoke insert, update, delete on public.activity from anon, authenticated;

create policy "members can read activity of their workspaces" on public.activity
  for select to authenticated
  using (public.is_member(workspace_id));

-- ============================================================================
-- Writing
-- ============================================================================
create function public.log_activity(
  workspace_id uuid, board_id uuid, task_id uuid, kind text, data jsonb
) returns void
language sql
security definer
set search_path = ''
as $$
  -- The actor is the signed-in user; a deleted profile (account deletion in progress) is left out.
  insert into public.activity (workspace_id, board_id, task_id, actor_id, kind, data)
  select log_activity.workspace_id, log_activity.board_id, log_activity.task_id,
         (select p.id from public.profiles p where p.id = (select auth.uid())),
         log_activity.kind, log_activity.data;
$$;
revoke execute on function public.log_activity(uuid, uuid, uuid, text, jsonb) from public, anon, authenticated;

create function public.log_task_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  workspace uuid := public.board_workspace_id(new.board_id);
begin
  if tg_op = 'INSERT' then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_created',
      jsonb_build_object('number', new.number, 'title', new.title, 'column_id', new.column_id));
    return null;
  end if;
  if new.column_id <> old.column_id then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_moved',
      jsonb_build_object('from_column_id', old.column_id, 'to_column_id', new.column_id));
  end if;
  if new.completed_at is not null and old.completed_at is null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_completed', '{}');
  elsif new.completed_at is null and old.completed_at is not null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_reopened', '{}');
  end if;
  if new.archived_at is not null and old.archived_at is null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_archived', '{}');
  elsif new.archived_at is null and old.archived_at is not null then
    perform public.log_activity(workspace, new.board_id, new.id, 'task_restored', '{}');
  end if;
  return null;
end;
$$;

create trigger tasks_log_activity after insert or update on public.tasks
  for each row execute function public.log_task_activity();

create function public.log_comment_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  board uuid := public.task_board_id(new.task_id);
begin
  perform public.log_activity(public.board_workspace_id(board), board, new.task_id, 'comment_added',
    jsonb_build_object('comment_id', new.id));
  return null;
end;
$$;

create trigger comments_log_activity after insert on public.comments
  for each row execute function public.log_comment_activity();

create function public.log_attachment_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  board uuid := public.task_board_id(new.task_id);
begin
  perform public.log_activity(public.board_workspace_id(board), board, new.task_id, 'attachment_added',
    jsonb_build_object('attachment_id', new.id, 'file_name', new.file_name));
  return null;
end;
$$;

create trigger attachments_log_activity after insert on public.attachments
  for each row execute function public.log_attachment_activity();

create function public.log_member_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.log_activity(new.workspace_id, null, null, 'member_joined',
      jsonb_build_object('user_id', new.user_id, 'role', new.role));
  elsif tg_op = 'UPDATE' then
    if new.role <> old.role then
      perform public.log_activity(new.workspace_id, null, null, 'role_changed',
        jsonb_build_object('user_id', new.user_id, 'from', old.role, 'to', new.role));
    end if;
  -- Not when the whole workspace is being deleted.
  elsif exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
    perform public.log_activity(old.workspace_id, null, null, 'member_left',
      jsonb_build_object('user_id', old.user_id, 'removed',
        (select auth.uid()) is distinct from old.user_id));
  end if;
  return null;
end;
$$;

create trigger workspace_members_log_activity after insert or update or delete on public.workspace_members
  for each row execute function public.log_member_activity();
