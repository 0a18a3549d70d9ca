-- Activity that tells the whole story (decision 193): renames, description edits, assignee, due date and
-- priority changes, labels added and removed, and checklist items unchecked, reworded and removed, each as a
-- row written by a security definer trigger. Repeated edits of one field by one person collapse into the
-- task's latest row for two minutes, so typing in a field leaves one line, not twenty.

alter table public.activity drop constraint activity_kind_known;
alter table public.activity add constraint activity_kind_known check (kind in (
  'task_created', 'task_moved', 'task_completed', 'task_reopened', 'task_archived',
  'task_restored', 'comment_added', 'attachment_added', 'member_joined', 'member_left',
  'role_changed', 'checklist_item_added', 'checklist_item_checked',
  'task_renamed', 'description_edited', 'assignee_changed', 'due_date_changed', 'priority_changed',
  'label_added', 'label_removed', 'checklist_item_unchecked', 'checklist_item_renamed',
  'checklist_item_removed'
));

-- ============================================================================
-- One field change, collapsed into the latest row when it continues it
-- ============================================================================

/**
 * Logs `kind` for `task_id` with `data` (`from`/`to` for fields that have values), or, when the task's latest
 * row is the same kind by the same actor from the last two minutes (and the same checklist item), folds this change into it: the row keeps
 * its first `from`, takes the new `to` and the current time. A change that ends where it started (renamed and
 * renamed back) removes the row, since nothing changed. The latest row is locked, so two edits queue.
 */
create function private.log_field_change(task_id uuid, board_id uuid, kind text, data jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select p.id from public.profiles p where p.id = (select auth.uid()));
  latest public.activity;
  merged jsonb;
begin
  select a.* into latest from public.activity a
  where a.task_id = log_field_change.task_id
  order by a.id desc limit 1
  for update;
  if latest.kind = log_field_change.kind and latest.actor_id is not distinct from actor
     and latest.created_at > now() - interval '2 minutes'
     -- A checklist item's rewording continues only that item's.
     and latest.data -> 'item_id' is not distinct from log_field_change.data -> 'item_id' then
    merged := latest.data || log_field_change.data;
    if latest.data ? 'from' then
      merged := jsonb_set(merged, '{from}', latest.data -> 'from');
    end if;
    if merged ? 'from' and merged -> 'from' = merged -> 'to' then
      delete from public.activity a where a.id = latest.id;
    else
      update public.activity a set data = merged, created_at = now() where a.id = latest.id;
    end if;
    return;
  end if;
  perform public.log_activity(public.board_workspace_id(log_field_change.board_id), log_field_change.board_id,
    log_field_change.task_id, log_field_change.kind, log_field_change.data);
end;
$$;
revoke execute on function private.log_field_change(uuid, uuid, text, jsonb) from public, anon, authenticated;

-- ============================================================================
-- Task fields
-- ============================================================================
create function private.log_task_field_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.title is distinct from old.title then
    perform private.log_field_change(new.id, new.board_id, 'task_renamed',
      jsonb_build_object('from', old.title, 'to', new.title));
  end if;
  -- No diff: the description is long and the panel shows the current one.
  if new.description is distinct from old.description then
    perform private.log_field_change(new.id, new.board_id, 'description_edited', '{}');
  end if;
  -- Not when the assignee's account is being deleted (the foreign key clears the field; nobody chose that).
  if new.assignee_id is distinct from old.assignee_id
     and (old.assignee_id is null or exists (select 1 from public.profiles p where p.id = old.assignee_id)) then
    perform private.log_field_change(new.id, new.board_id, 'assignee_changed',
      jsonb_build_object('from', old.assignee_id, 'to', new.assignee_id,
        'to_name', (select p.display_name from public.profiles p where p.id = new.assignee_id)));
  end if;
  if new.due_on is distinct from old.due_on then
    perform private.log_field_change(new.id, new.board_id, 'due_date_changed',
      jsonb_build_object('from', old.due_on, 'to', new.due_on));
  end if;
  if new.priority is distinct from old.priority then
    perform private.log_field_change(new.id, new.board_id, 'priority_changed',
      jsonb_build_object('from', old.priority, 'to', new.priority));
  end if;
  return null;
end;
$$;

create trigger tasks_log_field_activity
  after update of title, description, assignee_id, due_on, priority on public.tasks
  for each row execute function private.log_task_field_activity();

-- ============================================================================
-- Labels on a task
-- ============================================================================
create function private.log_task_label_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  link public.task_labels := case when tg_op = 'INSERT' then new else old end;
  board uuid := public.task_board_id(link.task_id);
  label public.labels;
begin
  select l.* into label from public.labels l where l.id = link.label_id;
  -- A task or label being deleted takes its links with it: that is no one's label change.
  if board is null or label.id is null then
    return null;
  end if;
  perform public.log_activity(public.board_workspace_id(board), board, link.task_id,
    case when tg_op = 'INSERT' then 'label_added' else 'label_removed' end,
    jsonb_build_object('label_id', label.id, 'name', label.name, 'color', label.color));
  return null;
end;
$$;

create trigger task_labels_log_activity after insert or delete on public.task_labels
  for each row execute function private.log_task_label_activity();

-- ============================================================================
-- Checklist items: unchecked, reworded, removed (added and checked are logged since 20261126161000)
-- ============================================================================
create function private.log_checklist_change_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.checklist_items := case when tg_op = 'DELETE' then old else new end;
  board uuid := public.task_board_id(item.task_id);
begin
  -- The task is being deleted: its items go with it.
  if board is null then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform public.log_activity(public.board_workspace_id(board), board, old.task_id, 'checklist_item_removed',
      jsonb_build_object('item_id', old.id, 'body', old.body, 'checklist', old.checklist));
    return null;
  end if;
  if old.done and not new.done then
    perform public.log_activity(public.board_workspace_id(board), board, new.task_id, 'checklist_item_unchecked',
      jsonb_build_object('item_id', new.id, 'body', new.body, 'checklist', new.checklist));
  end if;
  if new.body is distinct from old.body then
    perform private.log_field_change(new.task_id, board, 'checklist_item_renamed',
      jsonb_build_object('item_id', new.id, 'from', old.body, 'to', new.body, 'checklist', new.checklist));
  end if;
  return null;
end;
$$;

create trigger checklist_items_log_change_activity after update of done, body or delete on public.checklist_items
  for each row execute function private.log_checklist_change_activity();
