/**
 * @module tests/e2e/environment — the world the browser tests run in: an isolated Lanes stack (real schema and
 * seed) and a production build of the app served against it, both on free ports. Runs as its own Node
 * process (Node's type stripping runs the stack's TypeScript as is); prints one JSON line when ready and shuts
 * everything down on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliDbUrl, runSupabaseCli } from '@lanes/stack/database';
import { freePort, startTestStack } from '@lanes/stack/testing';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = resolve(appDir, '../..');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: appDir, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')}: ${code}`)),
    );
  });
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up`);
}

const bin = (name: string) => resolve(appDir, 'node_modules/.bin', name);

const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const [stack] = await Promise.all([
  // Notification emails are sent by the database's own call to send-notifications, with no request from the
  // app to name its address: their links use LANES_SITE_URL, as on hosted, so it is this run's app. The
  // invitation specs still prove their links follow the app's SITE_URL: locally the invitation function
  // prefers the loopback address the app names over LANES_SITE_URL (decision 081).
  startTestStack({ workdir: repoRoot, functionsEnv: { LANES_SITE_URL: appUrl } }),
  process.env.E2E_SKIP_BUILD ? Promise.resolve() : run(bin('react-router'), ['build']),
]);

// What `pnpm vault:local` does for `pnpm dev` (decisions 075, 076): the database finds its functions' URL and
// key in Vault, so instant notification emails reach this run's inbox.
await runSupabaseCli(
  [
    'db',
    'query',
    `--remote=${cliDbUrl(stack.dbUrl)}`,
    `select vault.create_secret('${stack.apiUrl}', 'project_url'),
      vault.create_secret('${stack.serviceRoleKey}', 'service_role_key')`,
  ],
  repoRoot,
);

const app = spawn(bin('react-router-serve'), ['./build/server/index.js'], {
  cwd: appDir,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: stack.publishableKey,
    SITE_URL: appUrl,
    // Names the sign-in limits' buckets (decision 069); any secret will do for one run.
    AUTH_LIMIT_SECRET: randomBytes(32).toString('base64url'),
  },
});

async function shutdown() {
  app.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await waitFor(`${appUrl}/sign-in`);
process.stdout.write(`${JSON.stringify({ appUrl, apiUrl: stack.apiUrl, inboxUrl: stack.inboxUrl })}\n`);
