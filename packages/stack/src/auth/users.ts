/**
 * @module auth/users — reads and writes `auth.users` and `auth.identities` as GoTrue does, and renders a
 * user as GoTrue's JSON (field names, order and omissions as its `models.User`).
 */
import { randomUUID } from 'node:crypto';
import { type Db, isUuid } from './db.ts';
import { DatabaseError } from './errors.ts';
import { factorsOf } from './factors.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

/** Required timestamps; rows inserted by hand may lack them, which Go renders as its zero time. */
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '0001-01-01T00:00:00Z');

function put(out: Record<string, unknown>, key: string, value: Date | string | null | undefined): void {
  if (value instanceof Date) out[key] = value.toISOString();
  else if (value) out[key] = value;
}

export function identityJson(i: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
  };
  put(out, 'last_sign_in_at', i.last_sign_in_at);
  out.created_at = iso(i.created_at);
  out.updated_at = iso(i.updated_at);
  put(out, 'email', i.email);
  return out;
}

/** GoTrue's user JSON: empty strings for a missing email/phone, absent keys for unset timestamps. */
export function userJson(
  u: UserRow,
  identities: IdentityRow[],
  factors: Record<string, unknown>[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
  };
  put(out, 'email_confirmed_at', u.email_confirmed_at);
  put(out, 'invited_at', u.invited_at);
  out.phone = u.phone ?? '';
  put(out, 'phone_confirmed_at', u.phone_confirmed_at);
  put(out, 'confirmation_sent_at', u.confirmation_sent_at);
  put(out, 'confirmed_at', u.confirmed_at);
  put(out, 'recovery_sent_at', u.recovery_sent_at);
  put(out, 'new_email', u.email_change);
  put(out, 'email_change_sent_at', u.email_change_sent_at);
  put(out, 'new_phone', u.phone_change);
  put(out, 'phone_change_sent_at', u.phone_change_sent_at);
  put(out, 'reauthentication_sent_at', u.reauthentication_sent_at);
  put(out, 'last_sign_in_at', u.last_sign_in_at);
  out.app_metadata = u.raw_app_meta_data ?? {};
  out.user_metadata = u.raw_user_meta_data ?? {};
  out.identities = identities.map(identityJson);
  // GoTrue leaves `factors` out while the user has none.
  if (factors.length) out.factors = factors;
  out.created_at = iso(u.created_at);
  out.updated_at = iso(u.updated_at);
  put(out, 'banned_until', u.banned_until);
  put(out, 'deleted_at', u.deleted_at);
  out.is_anonymous = u.is_anonymous;
  return out;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    select * from auth.users
    where lower(email) = ${email.toLowerCase()} and aud = 'authenticated' and is_sso_user = false
    limit 1`;
  return row ?? null;
}

/** Users by phone, stored as GoTrue does: E.164 digits without the `+`. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    select * from auth.users where phone = ${phone} and aud = 'authenticated' limit 1`;
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db<UserRow[]>`select * from auth.users where id = ${id}`;
  return row ?? null;
}

export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  return db<IdentityRow[]>`
    select * from auth.identities where user_id = ${userId} order by created_at, id`;
}

/** The user as JSON with its identities, re-read so triggers' and generated columns' effects show. */
export async function loadUserJson(db: Db, id: string): Promise<Record<string, unknown>> {
  const user = await findUserById(db, id);
  if (!user) throw new Error(`user ${id} vanished`);
  return userJson(user, await identitiesOf(db, id), await factorsOf(db, id));
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  encryptedPassword: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role?: string;
  aud?: string;
  isAnonymous?: boolean;
}

/**
 * Inserts a user (firing the app's triggers on auth.users) and, when it has an email, its email identity.
 * A failure — typically an app trigger raising — is GoTrue's "Database error saving new user".
 */
export async function insertUser(db: Db, u: NewUser): Promise<UserRow> {
  try {
    return await insertUserRows(db, u);
  } catch (error) {
    throw new DatabaseError('Database error saving new user', error);
  }
}

async function insertUserRows(db: Db, u: NewUser): Promise<UserRow> {
  const id = u.id ?? randomUUID();
  const [row] = await db<UserRow[]>`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
      created_at, updated_at, phone, confirmation_token, recovery_token, email_change_token_new,
      email_change, is_super_admin, is_anonymous
    ) values (
      '00000000-0000-0000-0000-000000000000', ${id}, ${u.aud ?? 'authenticated'}, ${u.role ?? 'authenticated'},
      ${u.email}, ${u.encryptedPassword ?? ''}, ${db.json(u.appMetadata as never)},
      ${db.json(u.userMetadata as never)}, now(), now(), ${u.phone ?? null}, '', '', '', '', false,
      ${u.isAnonymous ?? false}
    ) returning *`;
  if (u.email) {
    // Metadata keys not already claimed by the identity are copied in, as GoTrue does.
    const data: Record<string, unknown> = {
      email: u.email,
      email_verified: false,
      phone_verified: false,
      sub: id,
    };
    for (const [k, v] of Object.entries(u.userMetadata)) if (!(k in data)) data[k] = v;
    await db`
      insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values (${id}, ${id}, ${db.json(data as never)}, 'email', now(), now(), now())`;
  }
  if (u.phone) {
    // Only the admin API makes phone users locally (SMS is not emulated); the identity is GoTrue's.
    const data = { email_verified: false, phone: u.phone, phone_verified: false, sub: id };
    await db`
      insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values (${id}, ${id}, ${db.json(data as never)}, 'phone', now(), now(), now())`;
  }
  return row!;
}

/** Updates columns of a user by id; names come from our code only, never from a request. */
export async function updateUser(db: Db, id: string, fields: Record<string, unknown>): Promise<UserRow> {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    values[k] = v && typeof v === 'object' && !(v instanceof Date) ? db.json(v as never) : v;
  }
  const [row] = await db<UserRow[]>`
    update auth.users set ${db(values as Record<string, never>)}, updated_at = now()
    where id = ${id} returning *`;
  return row!;
}

/** Merges `data` into identity_data of the user's email identity (null values delete keys, as GoTrue). */
export async function updateEmailIdentity(
  db: Db,
  userId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
  const drop = Object.entries(data)
    .filter(([, v]) => v === null)
    .map(([k]) => k);
  await db`
    update auth.identities
    set identity_data = (identity_data || ${db.json(set as never)}) - ${drop}::text[], updated_at = now()
    where user_id = ${userId} and provider = 'email'`;
}

/** GoTrue merges metadata shallowly and drops keys set to null. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** GoTrue counts an email user as confirmed once `email_confirmed_at` is set. */
export const isConfirmed = (u: UserRow) => u.email_confirmed_at !== null;
export const isBanned = (u: UserRow) => u.banned_until !== null && u.banned_until.getTime() > Date.now();
