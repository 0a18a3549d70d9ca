-- Vault, present from the start as on the Supabase image: schema `vault` and the supabase_vault
-- extension, owned by supabase_admin, so a migration's `create extension if not exists supabase_vault`
-- is a no-op. The extension is the stack's SQL emulation (extensions/supabase_vault--0.3.1.sql,
-- decision 172), installed into the embedded binaries before Postgres starts; an external server that
-- lacks it is left without Vault, as the image's own migration does when the extension is unavailable.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
    set local role supabase_admin;
    create schema if not exists vault;
    create extension if not exists supabase_vault with schema vault;
    reset role;
  end if;
end
$$;
