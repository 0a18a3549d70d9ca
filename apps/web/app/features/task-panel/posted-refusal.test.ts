/**
 * A property's plain form refused by the panel's action (no JavaScript): the answer carries the reason and what
 * was posted, as the action read it, so the page drawn again shows both at that property.
 */
import type { LanesClient } from '@lanes/data/client';
import { describe, expect, it } from 'vitest';
import { runPanelAction } from './panel-actions.server.ts';
import { postedRefusal } from './posted-refusal.ts';

const TASK = { id: '00000000-0000-4000-8000-000000000001', boardPath: '/w/acme/b/x' };
// Refused while the input is checked, before any request: the client is never reached.
const client = {} as LanesClient;

function form(entries: [string, string][]) {
  const posted = new FormData();
  for (const [name, value] of entries) posted.append(name, value);
  return posted;
}

describe('a refused property post', () => {
  it('answers with the reason and the posted value, for that form only', async () => {
    const answer = await runPanelAction(
      client,
      TASK,
      form([
        ['intent', 'due'],
        ['value', '1999-01-01'],
      ]),
    );
    expect(answer).toMatchObject({ intent: 'due', ok: false, values: { value: '1999-01-01' } });
    expect(postedRefusal(answer, 'due')).toEqual({
      error: 'Pick a date between 2000 and 2100.',
      value: '1999-01-01',
      labelIds: null,
    });
    expect(postedRefusal(answer, 'priority')).toBeNull();
  });

  it('keeps every ticked label, and a ticked Done as the action read it', async () => {
    const labels = await runPanelAction(
      client,
      TASK,
      form([
        ['intent', 'labels'],
        ['labelId', 'not-an-id'],
        ['labelId', '00000000-0000-4000-8000-000000000009'],
      ]),
    );
    expect(postedRefusal(labels, 'labels')?.labelIds).toEqual([
      'not-an-id',
      '00000000-0000-4000-8000-000000000009',
    ]);
    const done = await runPanelAction(
      client,
      { ...TASK, id: 'not-an-id' },
      form([
        ['intent', 'done'],
        ['value', 'true'],
        ['value', 'false'],
      ]),
    );
    expect(postedRefusal(done, 'done')?.value).toBe('true');
  });

  it('is no refusal when the answer says it worked', () => {
    expect(postedRefusal({ intent: 'due', ok: true }, 'due')).toBeNull();
    expect(postedRefusal(undefined, 'due')).toBeNull();
  });
});
