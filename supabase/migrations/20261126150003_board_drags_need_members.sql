-- Drags on a board's private channel need a member (issue 26, decision 070). Viewers could send `drag`
-- broadcasts — a card seen moving under someone's name — though they may not move cards. Realtime checks
-- a private channel's writes per extension (a probe row with the topic and the extension, never the
-- payload), so the one insert policy becomes two: presence for everyone on the board, viewers included
-- (they appear as viewing), broadcast for members and up.
drop policy "members can send on the channels of their boards" on realtime.messages;

create policy "members can send drags on the channels of their boards" on realtime.messages
  for insert to authenticated
  with check (
    extension = 'broadcast'
    and public.has_board_role(public.board_channel_board_id((select realtime.topic())), 'member')
  );

create policy "viewers can share presence on the channels of their boards" on realtime.messages
  for insert to authenticated
  with check (
    extension = 'presence'
    and public.has_board_role(public.board_channel_board_id((select realtime.topic())), 'viewer')
  );
