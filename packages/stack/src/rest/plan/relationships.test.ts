import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import type { Table } from '../schema/types.ts';
import { schemaCache } from '../testing/schema.ts';
import { findRelationship } from './relationships.ts';

const cache = schemaCache();
const t = (name: string) => cache.tables.get(`public.${name}`) as Table;

function refusal(source: string, name: string, hint?: string): ApiError {
  try {
    findRelationship(cache, t(source), name, hint);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('resolved without an error');
}

describe('relationships', () => {
  it('resolves a to-one embedding through the source’s key', () => {
    const r = findRelationship(cache, t('cities'), 'countries');
    expect(r.cardinality).toBe('many-to-one');
    expect(r.target.name).toBe('countries');
    expect(r.pairs).toEqual([['country_id', 'id']]);
  });

  it('resolves a to-many embedding through the target’s key', () => {
    const r = findRelationship(cache, t('countries'), 'cities');
    expect(r.cardinality).toBe('one-to-many');
    expect(r.pairs).toEqual([['id', 'country_id']]);
  });

  it('calls a key that is also the target’s primary key one-to-one', () => {
    expect(findRelationship(cache, t('users'), 'profiles').cardinality).toBe('one-to-one');
    expect(findRelationship(cache, t('profiles'), 'users').cardinality).toBe('one-to-one');
  });

  it('resolves many-to-many through a junction whose primary key holds both keys', () => {
    const r = findRelationship(cache, t('users'), 'teams');
    expect(r.cardinality).toBe('many-to-many');
    expect(r.junction?.table.name).toBe('user_teams');
    expect(r.junction?.sourcePairs).toEqual([['user_id', 'id']]);
    expect(r.junction?.targetPairs).toEqual([['team_id', 'id']]);
  });

  it('embeds by the key’s column (`country_id(*)`)', () => {
    const r = findRelationship(cache, t('cities'), 'country_id');
    expect(r.target.name).toBe('countries');
  });

  it('takes a column or constraint hint to choose among several keys', () => {
    expect(findRelationship(cache, t('users'), 'messages', 'sender_id').pairs).toEqual([['id', 'sender_id']]);
    expect(findRelationship(cache, t('users'), 'messages', 'messages_receiver_id_fkey').pairs).toEqual([
      ['id', 'receiver_id'],
    ]);
  });

  it('refuses an ambiguous embedding with 300 PGRST201, listing each relationship and the hints to use', () => {
    const error = refusal('users', 'messages');
    expect([error.status, error.code, error.message]).toEqual([
      300,
      'PGRST201',
      "Could not embed because more than one relationship was found for 'users' and 'messages'",
    ]);
    expect(error.details).toEqual([
      {
        cardinality: 'one-to-many',
        embedding: 'users with messages',
        relationship: 'messages_sender_id_fkey using users(id) and messages(sender_id)',
      },
      {
        cardinality: 'one-to-many',
        embedding: 'users with messages',
        relationship: 'messages_receiver_id_fkey using users(id) and messages(receiver_id)',
      },
    ]);
    expect(error.hint).toBe(
      "Try changing 'messages' to one of the following: 'messages!messages_sender_id_fkey', 'messages!messages_receiver_id_fkey'. Find the desired relationship in the 'details' key.",
    );
  });

  it('refuses an unrelated name with 400 PGRST200 and a close related table as the hint', () => {
    const error = refusal('countries', 'citie');
    expect([error.status, error.code, error.hint]).toEqual([
      400,
      'PGRST200',
      "Perhaps you meant 'cities' instead of 'citie'.",
    ]);
    expect(error.details).toBe(
      "Searched for a foreign key relationship between 'countries' and 'citie' in the schema 'public', but no matches were found.",
    );
  });

  it('refuses a hint that matches no key, naming the hint', () => {
    const error = refusal('users', 'messages', 'author_id');
    expect(error.code).toBe('PGRST200');
    expect(error.details).toContain("using the hint 'author_id'");
  });
});
