import { describe, expect, it } from 'vitest';
import { portInUse, retryOnPortRace } from './ports.ts';

describe('retryOnPortRace', () => {
  it('starts again when a picked port was taken before it was bound', async () => {
    let calls = 0;
    const started = await retryOnPortRace(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
      return 'running';
    });
    expect(started).toBe('running');
    expect(calls).toBe(2);
  });

  it('treats the stack’s own port checks as the same race', async () => {
    let calls = 0;
    await retryOnPortRace(async () => {
      calls += 1;
      if (calls < 3) throw portInUse(40000 + calls, 'db', '--db-port');
    });
    expect(calls).toBe(3);
  });

  it('gives up after three tries, and never retries any other failure', async () => {
    let calls = 0;
    await expect(
      retryOnPortRace(async () => {
        calls += 1;
        throw portInUse(40001, 'api', '--port');
      }),
    ).rejects.toThrow('Port 40001 (api) is already in use');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryOnPortRace(async () => {
        calls += 1;
        throw new Error('migrations failed');
      }),
    ).rejects.toThrow('migrations failed');
    expect(calls).toBe(1);
  });
});
