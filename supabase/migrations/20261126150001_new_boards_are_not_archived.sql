-- A new board cannot be created archived (issue 26): archiving takes an admin (SPEC §4), and the guard
-- trigger only watches updates, so a member inserting `archived_at` made an archived board at once. As
-- with tasks, the API roles may insert only the columns a new board is made of; `archived_at`,
-- `created_at` and `updated_at` keep their defaults (an insert naming them is refused, 42501).
revoke insert on public.boards from authenticated;
grant insert (id, workspace_id, name, description, created_by) on public.boards to authenticated;
