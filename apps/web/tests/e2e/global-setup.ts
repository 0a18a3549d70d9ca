/**
 * @module tests/e2e/global-setup — starts `environment.ts` in a child process, hands its URLs to the tests
 * through env variables, and stops it after the run.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export default async function globalSetup() {
  const script = resolve(dirname(fileURLToPath(import.meta.url)), 'environment.ts');
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', done);
    child.once('exit', (code) => fail(new Error(`e2e environment exited with ${code}`)));
  });
  const urls = JSON.parse(line) as { appUrl: string; apiUrl: string; inboxUrl: string };
  process.env.E2E_APP_URL = urls.appUrl;
  process.env.E2E_API_URL = urls.apiUrl;
  process.env.E2E_INBOX_URL = urls.inboxUrl;
  return async () => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
}
