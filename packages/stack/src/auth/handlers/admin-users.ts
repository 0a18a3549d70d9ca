/**
 * @module auth/handlers/admin-users — the admin API on users (service_role only): `GET/POST /admin/users`
 * (list with `page`/`per_page`, `X-Total-Count` and `Link`), `GET/PUT/DELETE /admin/users/:id`.
 */
import { randomBytes } from 'node:crypto';
import { adminActor, audit } from '../audit.ts';
import { requireAdmin } from '../authenticate.ts';
import { isUuid } from '../db.ts';
import { DUPLICATE_EMAIL, notFound, unprocessable, validation } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { logout } from '../sessions.ts';
import type { Call } from '../state.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  loadUserJson,
  mergeMetadata,
  type UserRow,
  updateEmailIdentity,
  updateUser,
  userJson,
} from '../users.ts';
import { validateEmail, validatePhone } from './common.ts';

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 };

/** Go's time.ParseDuration ("24h", "1h30m", "90s"), in milliseconds. */
export function parseGoDuration(value: string): number {
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gy;
  const body = value.replace(/^[+-]/, '');
  let total = 0;
  let at = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    total += Number(m[1]) * UNITS[m[2]!]!;
    at = re.lastIndex;
  }
  if (!body || at !== body.length)
    throw validation(`invalid format for ban duration: time: invalid duration "${value}"`);
  return value.startsWith('-') ? -total : total;
}

function banUntil(raw: unknown): Date | null | undefined {
  const value = str(raw);
  if (!value) return undefined;
  if (value === 'none') return null;
  return new Date(Date.now() + parseGoDuration(value));
}

async function listUsers(call: Call): Promise<Response> {
  const db = call.service.db;
  const q = call.url.searchParams;
  // Unsigned integers, as Go's strconv.ParseUint reads them.
  const parse = (name: string, fallback: number) => {
    const raw = q.get(name);
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw)) {
      throw validation(
        `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
      );
    }
    return Number(raw);
  };
  const page = parse('page', 1);
  const perPage = parse('per_page', 50);
  const [total] = await db<{ count: number }[]>`
    select count(*)::int as count from auth.users where aud = 'authenticated'`;
  const count = total?.count ?? 0;
  const offset = Math.max(page - 1, 0) * perPage;
  const users = await db<UserRow[]>`
    select * from auth.users where aud = 'authenticated'
    order by created_at desc, id desc limit ${perPage} offset ${offset}`;
  const identities = users.length
    ? await db<
        { user_id: string }[]
      >`select * from auth.identities where user_id = any(${users.map((u) => u.id)}::uuid[]) order by created_at`
    : [];
  const body = users.map((u) => userJson(u, identities.filter((i) => i.user_id === u.id) as never));
  // GoTrue links relative to its own root, query keys sorted (page before per_page).
  const totalPages = perPage ? Math.ceil(count / perPage) : 0;
  const link = (p: number) => {
    const params = new URLSearchParams(q);
    params.set('page', String(p));
    const sorted = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `</admin/users?${new URLSearchParams(sorted).toString()}>`;
  };
  const links = [
    ...(totalPages > page ? [`${link(page + 1)}; rel="next"`] : []),
    `${link(totalPages)}; rel="last"`,
  ];
  return json(
    200,
    { users: body, aud: 'authenticated' },
    { link: links.join(', '), 'x-total-count': String(count) },
  );
}

type Actor = ReturnType<typeof adminActor>;

async function createUser(call: Call, actor: Actor): Promise<Response> {
  const service = call.service;
  const body = await readBody(call.request);
  const email = str(body.email);
  if (!email && !str(body.phone)) throw validation('Cannot create a user without either an email or phone');
  const providers: string[] = [];
  const address = email ? validateEmail(email) : null;
  if (address) {
    if (await findUserByEmail(service.db, address)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    providers.push('email');
  }
  const phone = str(body.phone) ? validatePhone(str(body.phone)) : null;
  if (phone) {
    if (await findUserByPhone(service.db, phone)) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    }
    providers.push('phone');
  }
  const id = str(body.id);
  if (id && !isUuid(id)) {
    throw validation('ID must conform to the uuid v4 format');
  }
  const password = str(body.password) || randomBytes(32).toString('base64url');
  if (password.length > 72) throw validation('bcrypt: password length exceeds 72 bytes');
  const banned = banUntil(body.ban_duration);
  const encrypted = await hashPassword(password, service.hashCost);
  const userId = await service.db.begin(async (tx) => {
    const user = await insertUser(tx, {
      ...(id ? { id } : {}),
      email: address,
      phone,
      encryptedPassword: encrypted,
      userMetadata: obj(body.user_metadata) ?? {},
      appMetadata: mergeMetadata({ provider: providers[0], providers }, obj(body.app_metadata) ?? {}),
      role: str(body.role) || 'authenticated',
    });
    const fields: Record<string, unknown> = {};
    if (body.email_confirm === true) fields.email_confirmed_at = new Date();
    if (body.phone_confirm === true) fields.phone_confirmed_at = new Date();
    if (banned !== undefined) fields.banned_until = banned;
    if (Object.keys(fields).length) await updateUser(tx, user.id, fields);
    await audit(tx, actor, 'user_signedup', {
      user_id: user.id,
      user_email: address ?? '',
      user_phone: phone ?? '',
      provider: providers[0],
    });
    return user.id;
  });
  return json(200, await loadUserJson(service.db, userId));
}

export async function loadTarget(call: Call, id: string): Promise<UserRow> {
  const user = await findUserById(call.service.db, id);
  if (!user) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
    throw notFound('user_not_found', 'User not found');
  }
  return user;
}

async function updateUserAdmin(call: Call, user: UserRow, actor: Actor): Promise<Response> {
  const service = call.service;
  const body = await readBody(call.request);
  const email = str(body.email) ? validateEmail(str(body.email)) : '';
  if (email && email !== user.email) {
    const other = await findUserByEmail(service.db, email);
    if (other && other.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  const phone = str(body.phone) ? validatePhone(str(body.phone)) : '';
  if (phone && phone !== user.phone) {
    const other = await findUserByPhone(service.db, phone);
    if (other && other.id !== user.id) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    }
  }
  const banned = banUntil(body.ban_duration);
  const password = typeof body.password === 'string' ? body.password : null;
  if (password !== null) checkPasswordStrength(password, service.config);
  const encrypted = password !== null ? await hashPassword(password, service.hashCost) : null;
  await service.db.begin(async (tx) => {
    const fields: Record<string, unknown> = {};
    if (str(body.role)) fields.role = str(body.role);
    if (body.email_confirm === true && !user.email_confirmed_at) fields.email_confirmed_at = new Date();
    if (body.phone_confirm === true && !user.phone_confirmed_at) fields.phone_confirmed_at = new Date();
    if (phone) fields.phone = phone;
    if (encrypted) fields.encrypted_password = encrypted;
    if (email) {
      fields.email = email;
      await updateEmailIdentity(tx, user.id, { email, email_verified: body.email_confirm === true });
    }
    const app = obj(body.app_metadata);
    if (app) fields.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, app);
    const meta = obj(body.user_metadata);
    if (meta) fields.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, meta);
    if (banned !== undefined) fields.banned_until = banned;
    if (Object.keys(fields).length) await updateUser(tx, user.id, fields);
    await audit(tx, actor, 'user_modified', {
      user_id: user.id,
      user_email: email || user.email || '',
      user_phone: user.phone ?? '',
    });
  });
  return json(200, await loadUserJson(service.db, user.id));
}

async function deleteUser(call: Call, user: UserRow, actor: Actor): Promise<Response> {
  const body = await readBody(call.request);
  const db = call.service.db;
  const traits = { user_id: user.id, user_email: user.email ?? '', user_phone: user.phone ?? '' };
  if (body.should_soft_delete === true) {
    if (!user.deleted_at) {
      // Soft delete keeps the row (and what references it) but frees the address, as GoTrue's obfuscation does.
      await db.begin(async (tx) => {
        await tx`
          update auth.users set email = null, phone = null, encrypted_password = '', email_change = '',
            confirmation_token = '', recovery_token = '', email_change_token_current = '',
            email_change_token_new = '', deleted_at = now(), updated_at = now()
          where id = ${user.id}`;
        await tx`update auth.identities set identity_data = '{}'::jsonb,
          provider_id = md5(provider || ':' || provider_id)
          where user_id = ${user.id}`;
        await logout(tx, user.id, null, 'global');
        await audit(tx, actor, 'user_deleted', traits);
      });
    }
  } else {
    await db.begin(async (tx) => {
      await audit(tx, actor, 'user_deleted', traits);
      await tx`delete from auth.users where id = ${user.id}`;
    });
  }
  return json(200, {});
}

/** Routes `/admin/users` and `/admin/users/:id`. */
export async function adminUsers(call: Call, id: string | null): Promise<Response> {
  const actor = adminActor(String(requireAdmin(call).role));
  const method = call.request.method;
  if (id === null) {
    if (method === 'GET') return listUsers(call);
    if (method === 'POST') return createUser(call, actor);
  } else {
    const user = await loadTarget(call, id);
    if (method === 'GET') return json(200, await loadUserJson(call.service.db, user.id));
    if (method === 'PUT') return updateUserAdmin(call, user, actor);
    if (method === 'DELETE') return deleteUser(call, user, actor);
  }
  throw notFound('unknown', 'Not Found');
}
