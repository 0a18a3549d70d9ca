/** @module util/ports — free loopback ports, for stacks started side by side by tests. */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when something already listens on `port`. */
export function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * Another program holds `port`. The message says what to do; the code is Node's own for a refused `listen`,
 * so a caller on automatic ports can tell this apart and try again on others.
 */
export function portInUse(port: number, what: string, how: string): Error {
  const message = `Port ${port} (${what}) is already in use. Stop the program using it, or choose another port (${how}).`;
  return Object.assign(new Error(message), { code: 'EADDRINUSE' });
}

/** Runs `start` again, at most `attempts` times in all, while it fails because a port was taken. */
export async function retryOnPortRace<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
      if (!inUse || attempt >= attempts) throw error;
    }
  }
}
