import { describe, expect, it } from 'vitest';
import { DatabaseBroadcasts } from './db-broadcasts.ts';
import type { Hub } from './hub.ts';
import type { Change, Transaction } from './pgoutput.ts';

const messages = { id: 1, schema: 'realtime', table: 'messages', columns: [] };
const notes = { id: 2, schema: 'public', table: 'notes', columns: [] };

function tx(xid: number, ...events: string[]): Transaction {
  const changes: Change[] = events.map((event, i) => ({
    type: 'INSERT',
    relation: messages,
    record: { id: `${xid}-${i}`, extension: 'broadcast', private: 't', topic: 'room', event, payload: '{}' },
  }));
  changes.push({ type: 'INSERT', relation: notes, record: { id: String(xid) } });
  return { xid, commitTime: new Date(), endLsn: BigInt(xid), changes };
}

/** A hub that records what was broadcast, and a visibility answer the test turns on per xid. */
function harness() {
  const sent: string[] = [];
  const hub = { broadcast: (_p: boolean, _t: string, frame: { event: string }) => sent.push(frame.event) };
  const visible = new Set<number>();
  const asked: number[] = [];
  const broadcasts = new DatabaseBroadcasts(
    hub as unknown as Hub,
    async (xid) => {
      asked.push(xid);
      return visible.has(xid);
    },
    () => {},
  );
  return { sent, visible, asked, broadcasts };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('DatabaseBroadcasts', () => {
  it('holds a broadcast until its commit is visible to new snapshots, then sends it', async () => {
    const { sent, visible, broadcasts } = harness();
    broadcasts.enqueue(tx(10, 'membership_changed'));
    await tick();
    expect(sent).toEqual([]);
    visible.add(10);
    await broadcasts.settled();
    expect(sent).toEqual(['membership_changed']);
  });

  it('keeps commit order: a later transaction already visible waits for the earlier one', async () => {
    const { sent, visible, broadcasts } = harness();
    visible.add(12);
    broadcasts.enqueue(tx(11, 'first', 'second'));
    broadcasts.enqueue(tx(12, 'third'));
    await tick();
    expect(sent).toEqual([]);
    visible.add(11);
    await broadcasts.settled();
    expect(sent).toEqual(['first', 'second', 'third']);
  });

  it('asks nothing for a transaction without broadcasts', async () => {
    const { asked, broadcasts } = harness();
    broadcasts.enqueue({ ...tx(13), changes: tx(13).changes.filter((c) => c.relation === notes) });
    await broadcasts.settled();
    expect(asked).toEqual([]);
  });

  it('sends anyway after a bounded wait, and when the check itself fails', async () => {
    const { sent, broadcasts } = harness();
    broadcasts.enqueue(tx(14, 'late'));
    await broadcasts.settled();
    expect(sent).toEqual(['late']);

    const failing = new DatabaseBroadcasts(
      { broadcast: (_p: boolean, _t: string, f: { event: string }) => sent.push(f.event) } as unknown as Hub,
      async () => {
        throw new Error('connection refused');
      },
      () => {},
    );
    failing.enqueue(tx(15, 'without database'));
    await failing.settled();
    expect(sent).toEqual(['late', 'without database']);
  });
});
