-- Mentions (SPEC §10, issue 23): comments and task descriptions store a mention as `@[<user uuid>]`, a stable
-- reference the app shows as the person's current name. Whatever client wrote the text (the app, REST, the
-- no-JS form, an import), a plain `@handle` — the local part of a member's email — is rewritten here, so every
-- client gets the same result. An unknown or ambiguous handle, or anyone outside the task's workspace, stays
-- plain text (so a mention cannot probe who belongs where). At most 20 people per text; the rest stay plain.
-- See docs/decisions/073-mentions-stored-as-user-references.md.

-- ============================================================================
-- Reading and writing mentions
-- ============================================================================

/** The members of `workspace_id` referenced by `@[uuid]` tokens in `body`, in order of appearance, at most 20. */
create function private.mentioned_member_ids(body text, workspace_id uuid) returns uuid[]
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  ids uuid[];
begin
  -- Most texts mention nobody: no regular expression for them.
  if body is null or strpos(body, '@[') = 0 then
    return '{}';
  end if;
  select coalesce(array_agg(s.id order by s.first), '{}') into ids
  from (
    select t.id, min(t.ord) as first
    from regexp_matches(body, '@\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]', 'g')
         with ordinality as m(groups, ord)
    cross join lateral (select m.groups[1]::uuid as id, m.ord) t
    where exists (select 1 from public.workspace_members w
                  where w.workspace_id = mentioned_member_ids.workspace_id and w.user_id = t.id)
    group by t.id
    order by first
    limit 20
  ) s;
  return ids;
end;
$$;

/**
 * Rewrites each `@handle` that names exactly one member of `workspace_id` (handle = the part of their email
 * before the @, compared without case) to `@[uuid]`, until 20 people are mentioned and while the text stays
 * within `max_length` (so resolving never makes a text too long to save).
 * Example: private.resolve_mentions('thanks @carol', '<acme>', 5000) = 'thanks @[3333…]'.
 */
create function private.resolve_mentions(body text, workspace_id uuid, max_length integer) returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  -- A handle follows neither a word character nor @ [ ] / . (so `bob@acme.com` and URLs stay as they are) and
  -- ends before a character a handle could continue with; dots only inside, so "@carol." ends at "carol".
  handle_pattern constant text := '(?<![\w@\[\]/.])@([A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*)';
  people uuid[];
  handle text;
  matches uuid[];
  rewritten text;
  result text := body;
begin
  if body is null or strpos(body, '@') = 0 then
    return body;
  end if;
  people := private.mentioned_member_ids(body, workspace_id);
  for handle in
    select h.handle from (
      select lower(m.groups[1]) as handle, min(m.ord) as first
      from regexp_matches(body, handle_pattern, 'g') with ordinality as m(groups, ord)
      group by 1
    ) h order by h.first
  loop
    select array_agg(w.user_id) into matches
    from public.workspace_members w
    join auth.users u on u.id = w.user_id
    where w.workspace_id = resolve_mentions.workspace_id
      and lower(split_part(u.email, '@', 1)) = handle;
    continue when coalesce(cardinality(matches), 0) <> 1;
    continue when not (matches[1] = any (people)) and cardinality(people) >= 20;
    rewritten := regexp_replace(result,
      '(?<![\w@\[\]/.])@' || regexp_replace(handle, '([.+])', '\\\1', 'g') || '(?![A-Za-z0-9_%+-]|\.[A-Za-z0-9_%+-])',
      '@[' || matches[1]::text || ']', 'gi');
    continue when char_length(rewritten) > max_length;
    result := rewritten;
    if not (matches[1] = any (people)) then
      people := people || matches[1];
    end if;
  end loop;
  return result;
end;
$$;

-- ============================================================================
-- Every client's text goes through it
-- ============================================================================
create function private.resolve_comment_mentions() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if strpos(new.body, '@') > 0 then
    new.body := private.resolve_mentions(new.body,
      public.board_workspace_id(public.task_board_id(new.task_id)), 5000);
  end if;
  return new;
end;
$$;

-- Named after comments_guard_update so it runs after it (triggers fire in name order): the guard sees the
-- text as the author sent it.
create trigger comments_resolve_mentions before insert or update of body on public.comments
  for each row execute function private.resolve_comment_mentions();

create function private.resolve_task_mentions() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if strpos(new.description, '@') > 0 then
    new.description := private.resolve_mentions(new.description, public.board_workspace_id(new.board_id), 20000);
  end if;
  return new;
end;
$$;

create trigger tasks_resolve_mentions before insert or update of description on public.tasks
  for each row execute function private.resolve_task_mentions();
