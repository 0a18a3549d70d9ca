-- The discussion on a task: comments (edited and soft-deleted by their author, deleted by admins)
-- and attachments (files in bucket `attachments`, metadata here).

-- ============================================================================
-- Comments
-- ============================================================================
create table public.comments (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.tasks (id) on delete cascade,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  body text not null,
  edited_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  constraint comments_body_length check (char_length(body) between 1 and 5000 and body !~ '^\s|\s$')
);
alter table public.comments enable row level security;
create index comments_task_id_idx on public.comments (task_id, created_at);
create index comments_author_id_idx on public.comments (author_id);

revoke insert, update, delete on public.comments from anon;
revoke insert, update on public.comments from authenticated;
grant insert (id, task_id, author_id, body) on public.comments to authenticated;
grant update (body, deleted_at) on public.comments to authenticated;

create policy "members can read comments on tasks they can read" on public.comments
  for select to authenticated
  using (public.has_task_role(task_id, 'viewer'));

create policy "members can comment on tasks of their boards" on public.comments
  for insert to authenticated
  with check (public.has_task_role(task_id, 'member') and author_id = (select auth.uid()));

-- Authors edit and soft-delete their own comments; admins may soft-delete anyone's (the guard
-- trigger keeps them from editing the text).
create policy "authors and admins can update comments" on public.comments
  for update to authenticated
  using (
    (author_id = (select auth.uid()) and public.has_task_role(task_id, 'member'))
    or public.has_task_role(task_id, 'admin')
  )
  with check (
    (author_id = (select auth.uid()) and public.has_task_role(task_id, 'member'))
    or public.has_task_role(task_id, 'admin')
  );

create policy "authors and admins can delete comments" on public.comments
  for delete to authenticated
  using (
    (author_id = (select auth.uid()) and public.has_task_role(task_id, 'member'))
    or public.has_task_role(task_id, 'admin')
  );

create function public.guard_comment_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.deleted_at is not null and new.deleted_at is null then
    raise exception using errcode = 'P0001', message = 'CONFLICT',
      detail = 'A deleted comment stays deleted.', hint = 'deleted_at';
  end if;
  -- Deleting keeps the row (the thread shows "comment deleted") but not the words.
  if old.deleted_at is null and new.deleted_at is not null then
    new.body := 'deleted';
    return new;
  end if;
  if new.body <> old.body then
    if (select auth.uid()) is not null and old.author_id is distinct from (select auth.uid()) then
      raise exception using errcode = 'P0001', message = 'FORBIDDEN',
        detail = 'Only the author can edit a comment.', hint = 'body';
    end if;
    if old.deleted_at is not null then
      raise exception using errcode = 'P0001', message = 'CONFLICT',
        detail = 'A deleted comment cannot be edited.', hint = 'deleted_at';
    end if;
    new.edited_at := now();
  end if;
  return new;
end;
$$;

create trigger comments_guard_update before update on public.comments
  for each row execute function public.guard_comment_update();

-- ============================================================================
-- Attachments
-- ============================================================================
create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.tasks (id) on delete cascade,
  object_path text not null,
  file_name text not null,
  mime_type text not null,
  size_bytes bigint not null,
  width integer,
  height integer,
  uploaded_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint attachments_object_path_key unique (object_path),
  -- SPEC §5: 1–200 characters with no '/', '\' or control characters.
  constraint attachments_file_name_format
    check (char_length(file_name) between 1 and 200 and file_name !~ '[/\\[:cntrl:]]'),
  constraint attachments_size_bytes_range check (size_bytes between 0 and 10485760),
  constraint attachments_mime_type_format check (mime_type ~ '^[a-z0-9.+-]+/[a-zA-Z0-9.+_-]+$'),
  constraint attachments_dimensions_positive
    check ((width is null or width > 0) and (height is null or height > 0))
);
alter table public.attachments enable row level security;
create index attachments_task_id_idx on public.attachments (task_id);
create index attachments_uploaded_by_idx on public.attachments (uploaded_by);

revoke insert, update, delete on public.attachments from anon;
revoke update on public.attachments from authenticated;

create policy "members can read attachments of tasks they can read" on public.attachments
  for select to authenticated
  using (public.has_task_role(task_id, 'viewer'));

create policy "members can attach files to tasks of their boards" on public.attachments
  for insert to authenticated
  with check (public.has_task_role(task_id, 'member') and uploaded_by = (select auth.uid()));

create policy "uploaders and admins can delete attachments" on public.attachments
  for delete to authenticated
  using (
    (uploaded_by = (select auth.uid()) and public.has_task_role(task_id, 'member'))
    or public.has_task_role(task_id, 'admin')
  );

-- The file sits at `<workspace_id>/<task_id>/<uuid>/<file_name>`, so storage policies can find its
-- workspace from the path; the row must point at its own task's folder. Also the per-task limit.
create function public.before_attachment_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  folder text := public.board_workspace_id(public.task_board_id(new.task_id))::text || '/' || new.task_id::text || '/';
begin
  if new.object_path not like folder || '%/%' then
    raise exception using errcode = 'P0001', message = 'VALIDATION',
      detail = 'The file must be stored under <workspace_id>/<task_id>/.', hint = 'object_path';
  end if;
  perform 1 from public.tasks t where t.id = new.task_id for update;
  if (select count(*) from public.attachments a where a.task_id = new.task_id) >= 20 then
    raise exception using errcode = 'P0001', message = 'LIMIT_REACHED',
      detail = 'A task can have at most 20 attachments.', hint = 'attachments_per_task';
  end if;
  return new;
end;
$$;

create trigger attachments_before_insert before insert on public.attachments
  for each row execute function public.before_attachment_insert();
