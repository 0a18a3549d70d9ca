import { describe, expect, it } from 'vitest';
import { lowerModulePreloads } from './script-priority.server.ts';

describe('lowerModulePreloads', () => {
  it('asks every module preload of the chunk for low priority, and touches nothing else', () => {
    const html =
      '<head><style>a{}</style><link rel="modulepreload" href="/assets/entry.js"/>' +
      '<link rel="stylesheet" href="/x.css"/><link rel="modulepreload" href="/assets/board.js" nonce="n"/></head>';
    expect(lowerModulePreloads(Buffer.from(html)).toString()).toBe(
      '<head><style>a{}</style><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
        '<link rel="stylesheet" href="/x.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/board.js" nonce="n"/></head>',
    );
  });

  it('keeps text that only mentions a preload, as React escapes it, and other characters whole', () => {
    const text = Buffer.from(
      '<p>rel=&quot;modulepreload&quot; — ünïcode</p><link rel="modulepreload" href="/a.js"/>',
    );
    expect(lowerModulePreloads(text).toString()).toBe(
      '<p>rel=&quot;modulepreload&quot; — ünïcode</p><link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
    );
  });

  it('passes a chunk without a preload on as the same buffer', () => {
    const chunk = Buffer.from('<template id="B:0">late</template>');
    expect(lowerModulePreloads(chunk)).toBe(chunk);
  });
});
