/**
 * @module tests/e2e/global-setup — starts `environment.ts` in a child process per Playwright worker, hands
 * their URLs to the tests through env variables (`workers.ts`), and stops them after the run.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type EnvironmentUrls, e2eWorkers, publishEnvironments } from './workers.ts';

interface Environment {
  urls: EnvironmentUrls;
  stop: () => Promise<void>;
}

async function startEnvironment(env: NodeJS.ProcessEnv): Promise<Environment> {
  const script = resolve(dirname(fileURLToPath(import.meta.url)), 'environment.ts');
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const exited = new Promise((done) => child.once('exit', done));
  const line = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', done);
    child.once('exit', (code) => fail(new Error(`e2e environment exited with ${code}`)));
  });
  return {
    urls: JSON.parse(line) as EnvironmentUrls,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export default async function globalSetup() {
  const count = e2eWorkers();
  // The first environment builds the app; the others serve that same build.
  const first = await startEnvironment(process.env);
  const others = Array.from({ length: count - 1 }, () =>
    startEnvironment({ ...process.env, E2E_SKIP_BUILD: '1' }),
  );
  const started = await Promise.allSettled(others);
  const environments = [first, ...started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))];
  const stopAll = () => Promise.all(environments.map((e) => e.stop()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  publishEnvironments(environments.map((e) => e.urls));
  return stopAll;
}
