/**
 * Starts one isolated stack on the Lanes project (real migrations and functions) for the whole test run.
 * API and database take free ports; the inbox takes the port the functions' email endpoint names
 * (`LANES_EMAIL_API_URL`, default 54324), so invitation emails land where the tests read them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTestStack, toEnv } from '@lanes/stack/testing';

const workdir = fileURLToPath(new URL('../../..', import.meta.url));

function emailPort(): number {
  const file = `${workdir}/supabase/functions/.env`;
  const configured = existsSync(file)
    ? /^LANES_EMAIL_API_URL=(.*)$/m.exec(readFileSync(file, 'utf8'))?.[1]
    : undefined;
  return Number(new URL(configured?.trim() || 'http://127.0.0.1:54324').port);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function setup() {
  const inbox = emailPort();
  const stack = await startTestStack({
    workdir,
    ports: { api: await freePort(), db: await freePort(), inbox },
  }).catch((error: Error) => {
    throw new Error(
      `could not start the test stack with its inbox on port ${inbox} (is a dev stack running? stop it): ${error.message}`,
    );
  });
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  return () => stack.stop();
}
