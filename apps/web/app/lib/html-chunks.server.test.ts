import { describe, expect, it } from 'vitest';
import { joinTurnWrites } from './html-chunks.server.ts';

const collect = (stream: NodeJS.ReadableStream) => {
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('joinTurnWrites', () => {
  it('passes the writes of one turn on as one chunk, in order', async () => {
    const stream = joinTurnWrites();
    const chunks = collect(stream);
    for (const piece of ['<html>', '<body>', 'hello']) stream.write(Buffer.from(piece));
    await nextTurn();
    expect(chunks).toEqual(['<html><body>hello']);
  });

  it('keeps writes of later turns apart, so streamed parts leave when they are ready', async () => {
    const stream = joinTurnWrites();
    const chunks = collect(stream);
    stream.write(Buffer.from('shell'));
    await nextTurn();
    stream.write(Buffer.from('<template>'));
    stream.write(Buffer.from('late</template>'));
    await nextTurn();
    expect(chunks).toEqual(['shell', '<template>late</template>']);
  });

  it('lets nothing wait behind the end of the stream', async () => {
    const stream = joinTurnWrites();
    const chunks = collect(stream);
    const ended = new Promise((resolve) => stream.on('end', resolve));
    stream.write(Buffer.from('a'));
    stream.end(Buffer.from('b'));
    await ended;
    expect(chunks.join('')).toBe('ab');
  });

  it('hands each joined chunk to its rewrite once', async () => {
    const seen: string[] = [];
    const stream = joinTurnWrites((chunk) => {
      seen.push(chunk.toString());
      return Buffer.from(chunk.toString().toUpperCase());
    });
    const chunks = collect(stream);
    stream.write(Buffer.from('<head>'));
    stream.write(Buffer.from('</head>'));
    await nextTurn();
    expect(seen).toEqual(['<head></head>']);
    expect(chunks).toEqual(['<HEAD></HEAD>']);
  });
});
