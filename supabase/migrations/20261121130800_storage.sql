-- Storage: the two buckets of SPEC §3 and the policies on storage.objects that guard them.
-- storage-api runs every request as the caller, so these policies decide who reads and writes.

-- ============================================================================
-- Buckets
-- ============================================================================
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2 * 1024 * 1024, array['image/png', 'image/jpeg', 'image/webp']),
  ('attachments', 'attachments', false, 10 * 1024 * 1024, null);

-- ============================================================================
-- Path helpers: attachments live at <workspace_id>/<task_id>/<uuid>/<file_name>
-- ============================================================================

/** The workspace id at the head of an attachment path, or null when the path has another shape. */
create function public.attachment_path_workspace_id(object_name text) returns uuid
language sql immutable
set search_path = ''
as $$
  select case
    when object_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+/[^/]+$'
    then split_part(object_name, '/', 1)::uuid
  end;
$$;

/** Whether the caller may upload to this attachment path: a member or above, into a task of that workspace. */
create function public.can_upload_attachment(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    public.has_role_at_least(public.attachment_path_workspace_id(object_name), 'member')
    and public.board_workspace_id(public.task_board_id(split_part(object_name, '/', 2)::uuid))
        = public.attachment_path_workspace_id(object_name),
    false);
$$;

-- ============================================================================
-- Policies: avatars (public read; each user writes only under their own folder)
-- ============================================================================
create policy "anyone can read avatars" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'avatars');

create policy "users can upload their own avatar" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "users can replace their own avatar" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "users can remove their own avatar" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- ============================================================================
-- Policies: attachments (members read; members and up upload; the uploader or an admin deletes)
-- ============================================================================
create policy "members can read attachments of their workspaces" on storage.objects
  for select to authenticated
  using (bucket_id = 'attachments' and public.is_member(public.attachment_path_workspace_id(name)));

create policy "members can upload attachments to their workspaces" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'attachments' and public.can_upload_attachment(name));

create policy "uploaders and admins can delete attachments" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'attachments'
    and (
      (owner_id = (select auth.uid())::text
        and public.has_role_at_least(public.attachment_path_workspace_id(name), 'member'))
      or public.has_role_at_least(public.attachment_path_workspace_id(name), 'admin')
    )
  );
