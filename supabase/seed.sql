-- Demo data for development: workspace "Acme" with one user per role, an outsider in a workspace of
-- their own, two boards with columns, labels, tasks and comments. Every password is `password123`.
-- Runs after the migrations on `stack reset` (as the superuser, so row-level security is bypassed;
-- triggers still number tasks, place them, complete them and log activity).

-- ============================================================================
-- Users (confirmed, as GoTrue stores them: a users row and an email identity). Their hashes are bcrypt at
-- cost 4, bcrypt's least, not GoTrue's 10: the password is printed above, so the cost protects nothing,
-- and every sign-in as a demo user in the e2e suite verifies one (50 ms of CPU each at 10; decision 109).
-- ============================================================================
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('password123', extensions.gen_salt('bf', 4)), now(),
  '{"provider": "email", "providers": ["email"]}',
  jsonb_build_object('display_name', u.display_name), now(), now(),
  '', '', '', ''
from (values
  ('11111111-1111-4111-8111-111111111111'::uuid, 'alice@lanes.test', 'Alice Owner'),
  ('22222222-2222-4222-8222-222222222222'::uuid, 'bob@lanes.test', 'Bob Admin'),
  ('33333333-3333-4333-8333-333333333333'::uuid, 'carol@lanes.test', 'Carol Member'),
  ('44444444-4444-4444-8444-444444444444'::uuid, 'dave@lanes.test', 'Dave Viewer'),
  ('55555555-5555-4555-8555-555555555555'::uuid, 'erin@lanes.test', 'Erin Outsider')
) as u (id, email, display_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
  'email', now(), now(), now()
from auth.users u
where u.email like '%@lanes.test';

-- ============================================================================
-- Workspaces and members
-- ============================================================================
insert into public.workspaces (id, slug, name, created_by) values
  ('a0000000-0000-4000-8000-000000000001', 'acme', 'Acme', '11111111-1111-4111-8111-111111111111'),
  ('a0000000-0000-4000-8000-000000000002', 'globex', 'Globex', '55555555-5555-4555-8555-555555555555');

insert into public.workspace_members (workspace_id, user_id, role) values
  ('a0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'owner'),
  ('a0000000-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', 'admin'),
  ('a0000000-0000-4000-8000-000000000001', '33333333-3333-4333-8333-333333333333', 'member'),
  ('a0000000-0000-4000-8000-000000000001', '44444444-4444-4444-8444-444444444444', 'viewer'),
  ('a0000000-0000-4000-8000-000000000002', '55555555-5555-4555-8555-555555555555', 'owner');

-- ============================================================================
-- Boards, columns (inserted in order: the trigger appends each one) and labels
-- ============================================================================
insert into public.boards (id, workspace_id, name, description, created_by) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   'Product launch', 'Everything for the v1 launch.', '11111111-1111-4111-8111-111111111111'),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001',
   'Website', 'The marketing site.', '22222222-2222-4222-8222-222222222222'),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002',
   'Globex roadmap', '', '55555555-5555-4555-8555-555555555555');

insert into public.columns (id, board_id, name, is_done) values
  ('c0000000-0000-4000-8000-000000000011', 'b0000000-0000-4000-8000-000000000001', 'To do', false),
  ('c0000000-0000-4000-8000-000000000012', 'b0000000-0000-4000-8000-000000000001', 'Doing', false),
  ('c0000000-0000-4000-8000-000000000013', 'b0000000-0000-4000-8000-000000000001', 'Done', true),
  ('c0000000-0000-4000-8000-000000000021', 'b0000000-0000-4000-8000-000000000002', 'To do', false),
  ('c0000000-0000-4000-8000-000000000022', 'b0000000-0000-4000-8000-000000000002', 'Doing', false),
  ('c0000000-0000-4000-8000-000000000023', 'b0000000-0000-4000-8000-000000000002', 'Done', true),
  ('c0000000-0000-4000-8000-000000000031', 'b0000000-0000-4000-8000-000000000003', 'To do', false),
  ('c0000000-0000-4000-8000-000000000032', 'b0000000-0000-4000-8000-000000000003', 'Done', true);

update public.columns set wip_limit = 3 where id = 'c0000000-0000-4000-8000-000000000012';

insert into public.labels (id, board_id, name, color) values
  ('d0000000-0000-4000-8000-000000000011', 'b0000000-0000-4000-8000-000000000001', 'Bug', 'red'),
  ('d0000000-0000-4000-8000-000000000012', 'b0000000-0000-4000-8000-000000000001', 'Feature', 'blue'),
  ('d0000000-0000-4000-8000-000000000013', 'b0000000-0000-4000-8000-000000000001', 'Design', 'purple'),
  ('d0000000-0000-4000-8000-000000000014', 'b0000000-0000-4000-8000-000000000001', 'Docs', 'teal'),
  ('d0000000-0000-4000-8000-000000000021', 'b0000000-0000-4000-8000-000000000002', 'Copy', 'yellow'),
  ('d0000000-0000-4000-8000-000000000022', 'b0000000-0000-4000-8000-000000000002', 'SEO', 'green');

-- ============================================================================
-- Tasks (numbered #1, #2, ... per board in this order), labels, comments
-- ============================================================================
insert into public.tasks (board_id, column_id, title, description, assignee_id, due_on, priority, created_by)
select 'b0000000-0000-4000-8000-000000000001'::uuid, t.column_id::uuid, t.title, t.description,
  t.assignee_id::uuid, t.due_on::date, t.priority::public.task_priority, '11111111-1111-4111-8111-111111111111'
from (values
  ('c0000000-0000-4000-8000-000000000011', 'Write the launch announcement', 'Blog post and **email** to the waiting list.', '33333333-3333-4333-8333-333333333333', (current_date + 5)::text, 'high'),
  ('c0000000-0000-4000-8000-000000000011', 'Pricing page copy', '', '22222222-2222-4222-8222-222222222222', (current_date + 10)::text, 'medium'),
  ('c0000000-0000-4000-8000-000000000011', 'Fix signup on Safari', 'The button does nothing on Safari 17.', '33333333-3333-4333-8333-333333333333', (current_date - 1)::text, 'high'),
  ('c0000000-0000-4000-8000-000000000011', 'Onboarding checklist', '', null, null, 'low'),
  ('c0000000-0000-4000-8000-000000000011', 'Record a demo video', 'Two minutes, no music.', '11111111-1111-4111-8111-111111111111', (current_date + 14)::text, 'none'),
  ('c0000000-0000-4000-8000-000000000012', 'New logo variants', 'Dark and light.', '33333333-3333-4333-8333-333333333333', (current_date + 3)::text, 'medium'),
  ('c0000000-0000-4000-8000-000000000012', 'API rate limiting', '', '22222222-2222-4222-8222-222222222222', null, 'high'),
  ('c0000000-0000-4000-8000-000000000012', 'Help center articles', '- Getting started\n- Inviting your team', '33333333-3333-4333-8333-333333333333', (current_date + 5)::text, 'low'),
  ('c0000000-0000-4000-8000-000000000013', 'Set up error monitoring', '', '22222222-2222-4222-8222-222222222222', null, 'medium'),
  ('c0000000-0000-4000-8000-000000000013', 'Choose a launch date', '', '11111111-1111-4111-8111-111111111111', null, 'high')
) as t (column_id, title, description, assignee_id, due_on, priority);

insert into public.tasks (board_id, column_id, title, assignee_id, due_on, priority, created_by)
select 'b0000000-0000-4000-8000-000000000002'::uuid, t.column_id::uuid, t.title, t.assignee_id::uuid,
  t.due_on::date, t.priority::public.task_priority, '22222222-2222-4222-8222-222222222222'
from (values
  ('c0000000-0000-4000-8000-000000000021', 'Homepage hero text', '33333333-3333-4333-8333-333333333333', (current_date + 2)::text, 'high'),
  ('c0000000-0000-4000-8000-000000000021', 'Meta descriptions', null, null, 'low'),
  ('c0000000-0000-4000-8000-000000000022', 'Customer logos section', '22222222-2222-4222-8222-222222222222', (current_date + 4)::text, 'medium'),
  ('c0000000-0000-4000-8000-000000000023', 'Move DNS to the new host', '11111111-1111-4111-8111-111111111111', null, 'none'),
  ('c0000000-0000-4000-8000-000000000023', 'Cookie banner', '33333333-3333-4333-8333-333333333333', null, 'low')
) as t (column_id, title, assignee_id, due_on, priority);

insert into public.tasks (board_id, column_id, title, created_by) values
  ('b0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000031', 'Globex secret plan', '55555555-5555-4555-8555-555555555555');

-- One archived task, to show the archive.
update public.tasks set archived_at = now() where title = 'Onboarding checklist';

insert into public.task_labels (task_id, label_id)
select t.id, l.label_id::uuid
from (values
  ('Write the launch announcement', 'd0000000-0000-4000-8000-000000000014'),
  ('Write the launch announcement', 'd0000000-0000-4000-8000-000000000012'),
  ('Pricing page copy', 'd0000000-0000-4000-8000-000000000014'),
  ('Fix signup on Safari', 'd0000000-0000-4000-8000-000000000011'),
  ('New logo variants', 'd0000000-0000-4000-8000-000000000013'),
  ('API rate limiting', 'd0000000-0000-4000-8000-000000000012'),
  ('Help center articles', 'd0000000-0000-4000-8000-000000000014'),
  ('Set up error monitoring', 'd0000000-0000-4000-8000-000000000012'),
  ('Homepage hero text', 'd0000000-0000-4000-8000-000000000021'),
  ('Meta descriptions', 'd0000000-0000-4000-8000-000000000022'),
  ('Customer logos section', 'd0000000-0000-4000-8000-000000000021')
) as l (title, label_id)
join public.tasks t on t.title = l.title;

insert into public.comments (task_id, author_id, body)
select t.id, c.author_id::uuid, c.body
from (values
  ('Fix signup on Safari', '33333333-3333-4333-8333-333333333333', 'Reproduced on Safari 17.4: the click handler never fires.'),
  ('Fix signup on Safari', '22222222-2222-4222-8222-222222222222', 'Probably the `form` attribute. Can you check the console?'),
  ('Write the launch announcement', '11111111-1111-4111-8111-111111111111', 'Draft by Friday, please.'),
  ('New logo variants', '44444444-4444-4444-8444-444444444444', 'Love the dark one!'),
  ('Homepage hero text', '22222222-2222-4222-8222-222222222222', 'Keep it under ten words.')
) as c (title, author_id, body)
join public.tasks t on t.title = c.title;

-- ============================================================================
-- A few edits made as the people themselves (auth.uid() reads these claims), so the panel's activity tells
-- a story: Bob raises a priority, Carol moves a due date. Values end as the lines above describe the demo.
-- ============================================================================
select set_config('request.jwt.claims', '{"sub": "22222222-2222-4222-8222-222222222222"}', false);
update public.tasks set priority = 'urgent' where title = 'Fix signup on Safari';
select set_config('request.jwt.claims', '{"sub": "33333333-3333-4333-8333-333333333333"}', false);
update public.tasks set due_on = current_date + 7 where title = 'Write the launch announcement';
select set_config('request.jwt.claims', '', false);

-- Everything else above ran with nobody signed in, so its activity has no actor: name the person who did it
-- (decision 193), or the panel would say "Someone".
update public.activity a
set actor_id = coalesce(
  case a.kind
    when 'comment_added' then (select c.author_id from public.comments c where c.id = (a.data ->> 'comment_id')::uuid)
    when 'member_joined' then (a.data ->> 'user_id')::uuid
  end,
  (select t.created_by from public.tasks t where t.id = a.task_id),
  (select w.created_by from public.workspaces w where w.id = a.workspace_id))
where a.actor_id is null;
