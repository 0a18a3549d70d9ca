-- supabase_vault 0.3.1 as the local stack emulates it (decision 172): the same table, view, functions,
-- signatures and grants as supabase/vault and the Supabase image's after-create script, with the
-- libsodium C functions replaced by pgcrypto. The root key is not in the database: it is 32 random bytes,
-- hex, in <stack data dir>/keys/vault.key, beside the cluster (<stack data dir>/db), and only a superuser
-- can read it (pg_read_file). Every function that needs it is SECURITY DEFINER, owned by the superuser
-- that created the extension, so callers never see the key, only what it encrypts or decrypts.
--
-- Cipher: a deterministic authenticated scheme in the spirit of the real crypto_aead_det (SIV): the IV is
-- the first 16 bytes of HMAC-SHA256(mac key, context, additional data, nonce, message); the message is
-- AES-256-CBC encrypted under that IV; the stored value is IV || ciphertext, base64 as the real Vault
-- stores it. Decrypting recomputes the HMAC, so a changed ciphertext, row id or key is refused.

\echo Use "CREATE EXTENSION supabase_vault" to load this file. \quit

-- Keys for one (key_id, context, purpose), derived from the root key. Not SECURITY DEFINER and revoked
-- from everyone: only the definer functions below, running as the superuser, can call it usefully.
CREATE FUNCTION vault._stack_derived_key(key_id bigint, context bytea, purpose text)
RETURNS bytea
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  root text := pg_catalog.btrim(pg_catalog.pg_read_file('../keys/vault.key', true), E' \t\r\n');
BEGIN
  IF root IS NULL THEN
    RAISE EXCEPTION 'vault: the root key is not available'
      USING DETAIL = 'The local stack keeps it in <data dir>/keys/vault.key, beside the cluster; this server has none.',
            HINT = 'An external database (--db-url) has no stack key: use a server with the real supabase_vault.';
  END IF;
  IF root !~ '^[0-9a-fA-F]{64}$' THEN
    RAISE EXCEPTION 'vault: invalid secret key'
      USING DETAIL = '<data dir>/keys/vault.key must hold 64 hexadecimal digits.';
  END IF;
  RETURN @extschema:pgcrypto@.hmac(
    context || pg_catalog.int8send(key_id) || pg_catalog.convert_to(purpose, 'utf8'),
    pg_catalog.decode(root, 'hex'),
    'sha256'
  );
END
$$;

-- The synthetic IV: what authenticates the message, its row (additional data) and its nonce.
CREATE FUNCTION vault._stack_siv(message bytea, additional bytea, key_id bigint, context bytea, nonce bytea)
RETURNS bytea
LANGUAGE sql
SET search_path = ''
AS $$
  SELECT pg_catalog.substr(@extschema:pgcrypto@.hmac(
    pg_catalog.int4send(pg_catalog.length(additional)) || additional
      || pg_catalog.int4send(pg_catalog.length(coalesce(nonce, '\x'::bytea))) || coalesce(nonce, '\x'::bytea)
      || message,
    vault._stack_derived_key(key_id, context, 'authentication'),
    'sha256'
  ), 1, 16);
$$;

CREATE FUNCTION vault._crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = NULL)
RETURNS bytea
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  iv bytea;
BEGIN
  IF message IS NULL THEN
    RETURN NULL;
  END IF;
  iv := vault._stack_siv(message, additional, key_id, context, nonce);
  RETURN iv || @extschema:pgcrypto@.encrypt_iv(
    message, vault._stack_derived_key(key_id, context, 'encryption'), iv, 'aes-cbc/pad:pkcs');
END
$$;

CREATE FUNCTION vault._crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = NULL)
RETURNS bytea
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  key bytea;
  iv bytea;
  plain bytea;
BEGIN
  IF message IS NULL THEN
    RETURN NULL;
  END IF;
  key := vault._stack_derived_key(key_id, context, 'encryption');
  IF pg_catalog.length(message) >= 32 THEN
    iv := pg_catalog.substr(message, 1, 16);
    BEGIN
      plain := @extschema:pgcrypto@.decrypt_iv(pg_catalog.substr(message, 17), key, iv, 'aes-cbc/pad:pkcs');
    EXCEPTION WHEN external_routine_invocation_exception THEN
      -- pgcrypto's "decrypt_iv error": bad padding, i.e. the wrong key or a changed ciphertext
      plain := NULL;
    END;
  END IF;
  IF plain IS NULL OR vault._stack_siv(plain, additional, key_id, context, nonce) <> iv THEN
    RAISE EXCEPTION 'vault: invalid message'
      USING DETAIL = 'The secret does not decrypt and authenticate with this stack''s root key.',
            HINT = 'It was changed outside vault.create_secret/update_secret, or <data dir>/keys/vault.key is not the key it was stored with.';
  END IF;
  RETURN plain;
END
$$;

CREATE FUNCTION vault._crypto_aead_det_noncegen()
RETURNS bytea
LANGUAGE sql
SET search_path = ''
AS $$ SELECT @extschema:pgcrypto@.gen_random_bytes(16) $$;

CREATE TABLE vault.secrets (
  id uuid     PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text,
  description text NOT NULL default '',
  secret      text NOT NULL,
  key_id      uuid,
  nonce       bytea DEFAULT vault._crypto_aead_det_noncegen(),
  created_at  timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at  timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);

COMMENT ON TABLE vault.secrets IS 'Table with encrypted `secret` column for storing sensitive information on disk.';

CREATE UNIQUE INDEX ON vault.secrets USING btree (name) WHERE name IS NOT NULL;

CREATE VIEW vault.decrypted_secrets AS
SELECT s.id,
  s.name,
  s.description,
  s.secret,
  convert_from(
    vault._crypto_aead_det_decrypt(
      message := decode(s.secret, 'base64'::text),
      additional := convert_to(s.id::text, 'utf8'),
      key_id := 0,
      context := 'pgsodium'::bytea,
      nonce := s.nonce
    ),
    'utf8'::name
  ) AS decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
FROM vault.secrets s;

-- Unlike the real 0.3.1, which inserts the plain text and encrypts it with an UPDATE (leaving the plain
-- text in a dead tuple and the WAL until vacuum), the row is encrypted before it is first written.
CREATE FUNCTION vault.create_secret(
  new_secret text,
  new_name text = NULL,
  new_description text = '',
  -- unused, as in the real 0.3.1
  new_key_id uuid = NULL
)
RETURNS uuid
SECURITY DEFINER
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  new_id uuid := pg_catalog.gen_random_uuid();
  new_nonce bytea := vault._crypto_aead_det_noncegen();
BEGIN
  INSERT INTO vault.secrets (id, secret, name, description, nonce)
  VALUES (
    new_id,
    pg_catalog.encode(vault._crypto_aead_det_encrypt(
      message := pg_catalog.convert_to(new_secret, 'utf8'),
      additional := pg_catalog.convert_to(new_id::text, 'utf8'),
      key_id := 0,
      context := 'pgsodium'::bytea,
      nonce := new_nonce
    ), 'base64'),
    new_name,
    new_description,
    new_nonce
  );
  RETURN new_id;
END
$$;

CREATE FUNCTION vault.update_secret(
  secret_id uuid,
  new_secret text = NULL,
  new_name text = NULL,
  new_description text = NULL,
  -- unused, as in the real 0.3.1
  new_key_id uuid = NULL
)
RETURNS void
SECURITY DEFINER
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  UPDATE vault.secrets s
  SET
    secret = CASE WHEN new_secret IS NULL THEN s.secret
                  ELSE pg_catalog.encode(vault._crypto_aead_det_encrypt(
                    message := pg_catalog.convert_to(new_secret, 'utf8'),
                    additional := pg_catalog.convert_to(s.id::text, 'utf8'),
                    key_id := 0,
                    context := 'pgsodium'::bytea,
                    nonce := s.nonce
                  ), 'base64') END,
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = pg_catalog.now()
  WHERE s.id = secret_id;
END
$$;

REVOKE ALL ON FUNCTION
  vault._stack_derived_key,
  vault._stack_siv,
  vault._crypto_aead_det_encrypt,
  vault._crypto_aead_det_decrypt,
  vault._crypto_aead_det_noncegen,
  vault.create_secret,
  vault.update_secret
FROM PUBLIC;

-- The Supabase image's after-create script for supabase_vault (supabase/postgres PR 1539): postgres may
-- read, delete and re-grant; service_role keeps the access it had through pgsodium before Vault 0.3.
-- anon and authenticated get nothing, not even usage on the schema.
GRANT USAGE ON SCHEMA vault TO postgres WITH GRANT OPTION;
GRANT SELECT, DELETE, TRUNCATE, REFERENCES ON vault.secrets, vault.decrypted_secrets TO postgres WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt TO postgres WITH GRANT OPTION;
GRANT USAGE ON SCHEMA vault TO service_role;
GRANT SELECT, DELETE ON vault.secrets, vault.decrypted_secrets TO service_role;
GRANT EXECUTE ON FUNCTION vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt TO service_role;

SELECT pg_catalog.pg_extension_config_dump('vault.secrets', '');
