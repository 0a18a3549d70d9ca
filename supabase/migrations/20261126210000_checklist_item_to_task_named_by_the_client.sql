-- A checklist item made a task may be sent twice by the board's write queue (its answer lost offline, then
-- replayed after a reload): the client names the new task, and a second call whose item is gone answers with
-- the task the first call made instead of NOT_FOUND (decision 202, as decision 120 did for creates).
drop function public.checklist_item_to_task(uuid);

/**
 * Makes a task of a checklist item, in the same column as the item's task (at its end), titled with the
 * item's body, and removes the item: both or neither. Runs as the caller, so tasks' and items' own
 * policies and limits apply; NOT_FOUND for an item the caller cannot see, FORBIDDEN for a viewer.
 * With `new_task_id` the task gets that id, and once the item is gone the task of that id (made by an
 * earlier call, and visible to the caller) is the answer.
 * Example: select * from public.checklist_item_to_task('<item>', gen_random_uuid());
 */
create function public.checklist_item_to_task(item_id uuid, new_task_id uuid default null)
returns public.tasks
language plpgsql
security invoker
set search_path = ''
as $$
declare
  item public.checklist_items;
  parent public.tasks;
  made public.tasks;
begin
  select * into item from public.checklist_items i where i.id = checklist_item_to_task.item_id;
  if not found then
    if new_task_id is not null then
      select * into made from public.tasks t where t.id = new_task_id;
      if found then
        return made;
      end if;
    end if;
    raise exception using errcode = 'P0001', message = 'NOT_FOUND', detail = 'No such checklist item.',
      hint = 'item';
  end if;
  if not public.has_task_role(item.task_id, 'member') then
    raise exception using errcode = 'P0001', message = 'FORBIDDEN',
      detail = 'Viewers cannot turn checklist items into tasks.', hint = 'member';
  end if;
  select * into parent from public.tasks t where t.id = item.task_id;
  insert into public.tasks (id, board_id, column_id, title)
  values (coalesce(new_task_id, gen_random_uuid()), parent.board_id, parent.column_id, item.body)
  returning * into made;
  delete from public.checklist_items i where i.id = item.id;
  return made;
end;
$$;
revoke execute on function public.checklist_item_to_task(uuid, uuid) from public, anon;
grant execute on function public.checklist_item_to_task(uuid, uuid) to authenticated;
