/**
 * @module bench/import-trello — how long importing a 1,000-card Trello export takes (issue 24 asks ≤ 10 s),
 * from the data operation's call to its answer: the function's parse and mapping, then the one transaction.
 * Starts its own stack as the data tests do. `pnpm --filter @lanes/data bench:import [cards]`.
 */

import { importTrello } from '../src/boards/import-trello.ts';
import setup from '../tests/global-setup.ts';
import { createWorld } from '../tests/world.ts';

const cards = Number(process.argv[2] ?? 1000);
const runs = 3;

/** A realistic board: 6 lists (one closed), 8 labels, and per card a description, labels, a checklist and comments. */
function exportOf(count: number) {
  const lists = Array.from({ length: 6 }, (_, i) => ({
    id: `l${i}`,
    name: `List ${i}`,
    closed: i === 5,
    pos: i,
  }));
  const labels = Array.from({ length: 8 }, (_, i) => ({ id: `x${i}`, name: `Label ${i}`, color: 'green' }));
  const list = Array.from({ length: count }, (_, i) => ({
    id: `c${i}`,
    name: `Card number ${i}`,
    desc: `Description of card ${i}. `.repeat(8),
    idList: `l${i % 6}`,
    pos: i,
    closed: i % 20 === 0,
    due: i % 3 === 0 ? '2027-01-15T12:00:00.000Z' : null,
    dueComplete: i % 10 === 0,
    idLabels: [`x${i % 8}`, `x${(i + 3) % 8}`],
  }));
  const checklists = list.map((card, i) => ({
    id: `k${i}`,
    name: 'Steps',
    idCard: card.id,
    pos: 1,
    checkItems: Array.from({ length: 3 }, (_, j) => ({
      id: `k${i}-${j}`,
      name: `Step ${j}`,
      state: j === 0 ? 'complete' : 'incomplete',
      pos: j,
    })),
  }));
  const actions = list.flatMap((card, i) =>
    Array.from({ length: 2 }, (_, j) => ({
      type: 'commentCard',
      date: `2024-03-0${j + 1}T10:00:00.000Z`,
      data: { text: `Comment ${j} on card ${i}`, card: { id: card.id } },
      memberCreator: { fullName: 'Jane Doe' },
    })),
  );
  return { name: `Bench ${count}`, lists, labels, cards: list, checklists, actions };
}

const teardown = await setup();
try {
  const world = await createWorld();
  const data = exportOf(cards);
  const bytes = Buffer.byteLength(JSON.stringify(data));
  // The first call boots the function's worker (and fetches its npm packages): timed apart, with a small board.
  const cold = performance.now();
  await importTrello(world.owner.client, { workspaceId: world.workspaceId, export: exportOf(1) });
  console.log(
    `import-trello: first call (1 card, worker boot included): ${((performance.now() - cold) / 1000).toFixed(2)} s`,
  );
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await importTrello(world.owner.client, { workspaceId: world.workspaceId, export: data });
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `import-trello: ${cards} cards (${(bytes / 1024 / 1024).toFixed(2)} MB, ${cards * 3} checklist items, ${cards * 2} comments): ` +
      `runs ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}; median ${(sorted[1]! / 1000).toFixed(2)} s`,
  );
} finally {
  await teardown();
}
