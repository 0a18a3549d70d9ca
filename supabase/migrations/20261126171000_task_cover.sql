-- A task's cover: one of its own image attachments, drawn above the card's title (issue 24, decision 185).
-- Members and up set it like any other task field; deleting the attachment clears it.

alter table public.tasks
  add column cover_attachment_id uuid references public.attachments (id) on delete set null;

-- The foreign key's lookups when an attachment is deleted.
create index tasks_cover_attachment_id_idx on public.tasks (cover_attachment_id)
  where cover_attachment_id is not null;

grant update (cover_attachment_id) on public.tasks to authenticated;

-- The cover must be an image attached to this same task: a file of another task (perhaps on a board the
-- caller cannot see) or a PDF would draw nothing, or something it should not. Security definer so the check
-- sees the attachment whatever the caller may read, and answers only yes or no.
create function private.check_task_cover()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.cover_attachment_id is not null
    and new.cover_attachment_id is distinct from (case when tg_op = 'UPDATE' then old.cover_attachment_id end)
    and not exists (
      select 1 from public.attachments a
      where a.id = new.cover_attachment_id and a.task_id = new.id and a.mime_type like 'image/%'
    )
  then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The cover must be an image attached to this task.';
  end if;
  return new;
end;
$$;
revoke all on function private.check_task_cover() from public;

create trigger tasks_check_cover
  before insert or update of cover_attachment_id on public.tasks
  for each row execute function private.check_task_cover();
