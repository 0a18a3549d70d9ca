import { describe, expect, it } from 'vitest';
import { readUnsubscribeLink } from './unsubscribe.server.ts';

const token = `33333333-3333-4333-8333-333333333333.mentioned.${'A'.repeat(43)}`;
const at = (query: string) => readUnsubscribeLink(new URL(`http://lanes.test/unsubscribe${query}`));

describe('readUnsubscribeLink', () => {
  it('asks about the scope a well-formed token names, before anything changes', () => {
    expect(at(`?token=${token}`)).toEqual({ state: 'ask', token, scope: 'mentioned' });
  });

  it('calls a missing, cut or altered token invalid', () => {
    expect(at('')).toEqual({ state: 'invalid' });
    expect(at(`?token=${token.slice(0, -5)}`)).toEqual({ state: 'invalid' });
    expect(at(`?token=${token.replace('.mentioned.', '.<script>.')}`)).toEqual({ state: 'invalid' });
  });
});
