import { describe, expect, it } from 'vitest';
import { anonClient, SITE_URL, serviceClient, uniqueEmail } from '../../tests/helpers.ts';
import { signUp } from './sign-up.ts';

/** The new profile's time zone, read with the service role (the account is not confirmed yet). */
async function zoneOf(userId: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('time_zone')
    .eq('id', userId)
    .single();
  if (error) throw error;
  return data.time_zone;
}

describe('signUp with the browser’s time zone', () => {
  it('starts the profile in that zone; an unknown or missing one leaves UTC and never stops the sign-up', async () => {
    const input = (name: string) => ({ email: uniqueEmail(name), password: 'secret12', displayName: name });
    const tokyo = await signUp(anonClient(), input('tokyo'), { siteUrl: SITE_URL, timeZone: 'Asia/Tokyo' });
    expect(await zoneOf(tokyo.userId)).toBe('Asia/Tokyo');
    const mars = await signUp(anonClient(), input('mars'), { siteUrl: SITE_URL, timeZone: 'Mars/Olympus' });
    expect(await zoneOf(mars.userId)).toBe('UTC');
    const none = await signUp(anonClient(), input('none'), { siteUrl: SITE_URL });
    expect(await zoneOf(none.userId)).toBe('UTC');
  });

  it('a zone sent straight to Auth that Postgres does not know is ignored by the database, not refused', async () => {
    const { data, error } = await anonClient().auth.signUp({
      email: uniqueEmail('direct'),
      password: 'secret12',
      options: { data: { display_name: 'Direct', time_zone: 'Mars/Olympus' } },
    });
    expect(error).toBeNull();
    expect(await zoneOf(data.user!.id)).toBe('UTC');
  });
});
