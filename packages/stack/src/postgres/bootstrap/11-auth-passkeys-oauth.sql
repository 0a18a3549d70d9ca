-- GoTrue's passkey tables (migration 20260302000000) and its OAuth 2.1 server's client table (20250731150234,
-- 20250901200500, 20250903112500, 20260121000000), as those migrations leave them, for the passkey and
-- OAuth client handlers (src/auth). Apart from 10-auth.sql so its own RLS and grants sit beside it.

set role supabase_auth_admin;

create table auth.webauthn_credentials (
  id uuid not null default gen_random_uuid() primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table auth.webauthn_challenges (
  id uuid not null default gen_random_uuid() primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

create type auth.oauth_registration_type as enum ('dynamic', 'manual');
create type auth.oauth_client_type as enum ('public', 'confidential');

create table auth.oauth_clients (
  id uuid not null primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

-- As GoTrue's migrations leave them: RLS on, no policies.
alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
alter table auth.oauth_clients enable row level security;

reset role;

grant all on auth.webauthn_credentials, auth.webauthn_challenges, auth.oauth_clients to postgres, dashboard_user;
