/**
 * @module stack — starts the Docker-free local Supabase in-process: Postgres (embedded or external),
 * bootstrap, migrations and seed through the Supabase CLI, the gateway with every service, and the inbox.
 *
 * @example
 * const stack = await startStack({ workdir: repoRoot, ports: 'auto', dataDir: tmp });
 * const supabase = createClient(stack.apiUrl, stack.anonKey);
 * await stack.stop();
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import postgres, { type Sql } from 'postgres';
import { build as buildAuth } from './auth/index.ts';
import { assertHashCost, DEFAULT_HASH_COST } from './auth/passwords.ts';
import { type Background, startBackground } from './background/index.ts';
import { loadConfig, type StackConfig } from './config.ts';
import type { Logger, Service, ServiceRole, StackContext } from './context.ts';
import { build as buildFunctions } from './functions/index.ts';
import { Gateway } from './gateway/gateway.ts';
import { sendWebResponse, toWebRequest } from './gateway/node-adapter.ts';
import { stackRoutes } from './gateway/routes.ts';
import { inboxHandler } from './inbox/http.ts';
import { Inbox } from './inbox/inbox.ts';
import { Jwt, loadProjectKeys, loadSigningKey } from './jwt.ts';
import { DEFAULT_API_KEYS, JWT_SECRET, projectApiKeys } from './keys.ts';
import { build as buildManagement, type ManagementOptions } from './management/index.ts';
import { cliWorkdir } from './postgres/cli-workdir.ts';
import { bootstrap, bootstrapHash, migrate, pendingMigrations } from './postgres/database.ts';
import { createFromProjectTemplate, markProjectSeen, projectKey } from './postgres/project-template.ts';
import { LOCAL_PASSWORD, startPostgres } from './postgres/server.ts';
import { type Supervised, supervise } from './postgres/supervisor.ts';
import { createFromTemplate } from './postgres/template.ts';
import { build as buildRealtime } from './realtime/index.ts';
import type { RealtimeLimits } from './realtime/limits.ts';
import { build as buildRest } from './rest/index.ts';
import { build as buildStorage } from './storage/index.ts';
import { seedBuckets } from './storage/seed-buckets.ts';
import { freePort, isPortTaken, portInUse, retryOnPortRace } from './util/ports.ts';

export interface StartOptions {
  /** The project folder holding `supabase/` (like the CLI's --workdir). Default: the current directory. */
  workdir?: string;
  /** Where the cluster, files and keys live. Default: `<workdir>/.stack`. */
  dataDir?: string;
  /** Use this Postgres instead of the embedded one (it gets the bootstrap if it lacks the auth schema). */
  dbUrl?: string;
  /** Ports, or 'auto' for free ones (tests that run stacks side by side). Default: config.toml's. */
  ports?: 'auto' | Partial<StackConfig['ports']>;
  /** Skip applying migrations and seed (the caller manages the schema). */
  skipMigrations?: boolean;
  /**
   * Serve the Management API's function deploy and secrets routes under `/v1` (management/index.ts), so
   * this stack can play the hosted project `projectRef` for `supabase functions deploy` and `secrets set`,
   * managed with `accessToken` alone.
   */
  managementApi?: ManagementOptions;
  /**
   * Extra variables for every edge function, over `supabase/functions/.env` (like the CLI's
   * `functions serve --env-file`): e.g. the web app's URL for the links functions email.
   */
  functionsEnv?: Record<string, string>;
  /**
   * Hosted Supabase's key-auth at the gateway: REST, Realtime and Auth refuse a request without a known
   * `apikey` (401 "No API key found in request" / "Invalid API key"). Default off, as `supabase start`.
   */
  requireApiKey?: boolean;
  /**
   * Realtime's tenant limits (events and joins per second, users, channels per socket, payload size).
   * Default: what `supabase start` seeds (realtime/limits.ts); a hosted plan's quotas can be given here.
   */
  realtimeLimits?: Partial<RealtimeLimits>;
  /**
   * bcrypt cost (4–31) of the password hashes Auth writes. Default GoTrue's 10, about 50 ms of CPU per sign-up
   * or sign-in. Test stacks use 4, as GoTrue's own tests do (`crypto.QuickHashCost`): see testing.ts.
   */
  passwordHashCost?: number;
  log?: Logger;
}

export interface RunningStack {
  apiUrl: string;
  dbUrl: string;
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  config: StackConfig;
  inbox: Inbox;
  /** Milliseconds from call to ready, by phase. */
  timings: Record<string, number>;
  stop(): Promise<void>;
}

const defaultLog: Logger = (service, message) => process.stderr.write(`[${service}] ${message}\n`);

async function resolvePorts(
  config: StackConfig,
  option: StartOptions['ports'],
): Promise<StackConfig['ports']> {
  if (option === 'auto') return { api: await freePort(), db: await freePort(), inbox: await freePort() };
  return { ...config.ports, ...option };
}

function listen(handler: (r: Request) => Promise<Response>, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    handler(toWebRequest(req, `http://127.0.0.1:${port}`))
      .then((response) => sendWebResponse(res, response))
      .catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Fails early with a clear message instead of a half-started stack when another program holds a port. */
async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    if (await isPortTaken(port)) {
      throw portInUse(port, name, 'config.toml, or --port/--db-port/--inbox-port');
    }
  }
}

async function checkpoint(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`checkpoint`;
  } finally {
    await sql.end();
  }
}

/** Runs the bootstrap when the database lacks it; reports whether it is fresh (needs the seed). */
async function prepareDatabase(url: string, dataDir: string, log: Logger): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ ready: boolean }[]>`select to_regnamespace('auth') is not null as ready`;
    const marker = join(dataDir, 'bootstrap.hash');
    if (row?.ready) {
      if (existsSync(marker) && readFileSync(marker, 'utf8') !== bootstrapHash()) {
        log(
          'stack',
          'the bootstrap SQL changed since this database was made; run `stack reset` to rebuild it',
        );
      }
      return false;
    }
  } finally {
    await sql.end();
  }
  await bootstrap(url);
  writeFileSync(join(dataDir, 'bootstrap.hash'), bootstrapHash());
  return true;
}

/** The project's signing keys when config.toml names them (read before Postgres starts, so a bad file fails fast), else the stack's own. */
function makeJwt(config: StackConfig, dataDir: string): Jwt {
  const file = config.auth.signingKeysPath;
  if (!file) return new Jwt(JWT_SECRET, loadSigningKey(join(dataDir, 'keys', 'signing-key.json')));
  const [signing, ...others] = loadProjectKeys(file);
  return new Jwt(JWT_SECRET, signing!, others);
}

/**
 * Starts the stack. With `ports: 'auto'` the free ports are picked before Postgres starts and bound seconds
 * later, and any process may take one meanwhile; a start that lost that race has cleaned up after itself, so
 * it is tried again on new ports.
 */
export function startStack(options: StartOptions = {}): Promise<RunningStack> {
  return options.ports === 'auto' ? retryOnPortRace(() => startOnce(options)) : startOnce(options);
}

async function startOnce(options: StartOptions): Promise<RunningStack> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const mark = (phase: string) => (timings[phase] = Math.round(performance.now() - t0));
  const log = options.log ?? defaultLog;
  assertHashCost(options.passwordHashCost);
  const config = loadConfig(options.workdir ?? process.cwd());
  if (config.ignored.length) log('stack', `config.toml: not emulated, ignored: ${config.ignored.join(', ')}`);
  for (const notice of config.notices) log('stack', notice);
  const ports = await resolvePorts(config, options.ports);
  config.ports = ports;
  const dataDir = resolve(options.dataDir ?? join(config.workdir, '.stack'));
  mkdirSync(dataDir, { recursive: true });
  const jwt = makeJwt(config, dataDir);
  const apiKeys = config.auth.signingKeysPath
    ? projectApiKeys((claims) => jwt.sign(claims))
    : DEFAULT_API_KEYS;
  await assertPortsFree({ api: ports.api, inbox: ports.inbox });

  let pg: Supervised | undefined;
  let dbUrl = options.dbUrl;
  // A new embedded cluster is a copy of a cached bootstrapped one (postgres/template.ts).
  let fromTemplate = false;
  const migrating = !options.skipMigrations && config.db.migrationsEnabled;
  let projectTemplate: string | undefined;
  let migrated = false;
  if (!dbUrl) {
    if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) {
      // A project whose migrations and seed were applied before gets a copy of that result (decision 175).
      projectTemplate = migrating ? projectKey(config, config.db.seedEnabled) : undefined;
      if (projectTemplate) {
        migrated = await createFromProjectTemplate(dataDir, config, config.db.seedEnabled, projectTemplate);
      }
      fromTemplate = migrated || (await createFromTemplate(join(dataDir, 'db')));
      if (fromTemplate) writeFileSync(join(dataDir, 'bootstrap.hash'), bootstrapHash());
      mark('cluster');
    }
    const startEmbedded = () =>
      startPostgres({ dataDir: join(dataDir, 'db'), port: ports.db, log: (l) => log('postgres', l) });
    const server = await startEmbedded();
    // Brought back on the same port if it dies under the stack; the services reconnect by themselves.
    pg = supervise(server, startEmbedded, (l) => log('postgres', l));
    dbUrl = server.url;
  }
  mark('postgres');
  const pools: Sql[] = [];
  const services: Service[] = [];
  const servers: Server[] = [];
  let background: Background | undefined;
  let checkpointed: Promise<void> | undefined;
  try {
    const fresh = (await prepareDatabase(dbUrl, dataDir, log)) || fromTemplate;
    mark('bootstrap');
    if (migrating && !migrated) {
      // The CLI costs most of a warm start, so it only runs when there is something for it to do.
      const pending = fresh ? [] : await pendingMigrations(dbUrl, config.workdir);
      const cliDir = cliWorkdir(config.workdir, dataDir);
      if (fresh || pending.length) {
        await migrate(dbUrl, cliDir, fresh && config.db.seedEnabled);
        if (fresh && fromTemplate && projectTemplate) markProjectSeen(projectTemplate);
        // What the migrations wrote need not be replayed if Postgres is killed soon after; the
        // checkpoint is slow under load (decision 173), so it runs while the services start, not before.
        if (pg) checkpointed = checkpoint(dbUrl).catch(() => {});
      }
    }
    mark('migrations');

    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const inbox = new Inbox();
    const stack: StackContext = {
      config,
      jwt,
      apiKeys,
      urls: { api: apiUrl, db: dbUrl, inbox: `http://127.0.0.1:${ports.inbox}` },
      functionsEnv: options.functionsEnv ?? {},
      dataDir,
      inbox,
      log,
      ...(options.realtimeLimits ? { realtimeLimits: options.realtimeLimits } : {}),
      passwordHashCost: options.passwordHashCost ?? DEFAULT_HASH_COST,
      connect(role: ServiceRole, { max = 10 } = {}) {
        const url = new URL(dbUrl!);
        if (role !== 'postgres') {
          url.username = role;
          url.password = LOCAL_PASSWORD;
        }
        const pool = postgres(url.toString(), {
          max,
          onnotice: () => {},
          idle_timeout: 60,
          // The driver's default back-off grows to seconds while the database is away; a local server
          // that was restarted answers again within a second, and requests should find it then.
          backoff: () => 0.05,
          connection: { application_name: `stack ${role}` },
        });
        pools.push(pool);
        return pool;
      },
    };

    const make = async (factory: (s: StackContext) => Service | Promise<Service>) => {
      const service = await factory(stack);
      services.push(service);
      return service;
    };
    // Side by side: each mostly waits on Postgres (REST's schema cache, Realtime's slot). All are
    // settled before a failure is thrown, so the clean-up below closes every one that was built.
    const built = await Promise.allSettled(
      [buildAuth, buildRest, buildRealtime, buildStorage, buildFunctions].map(make),
    );
    const failed = built.find((b) => b.status === 'rejected');
    if (failed) throw failed.reason;
    const [auth, rest, realtime, storage, functions] = built.map(
      (b) => (b as PromiseFulfilledResult<Service>).value,
    ) as [Service, Service, Service, Service, Service];
    const { managementApi } = options;
    const management = managementApi ? await make((s) => buildManagement(s, managementApi)) : undefined;
    // pg_cron's scheduler and pg_net's sender for the emulated extensions (decisions 170, 171).
    background = startBackground(stack);
    mark('services');
    const gateway = new Gateway(
      stackRoutes({ auth, rest, realtime, storage, functions, ...(management ? { management } : {}) }),
      log,
      { requireApiKey: options.requireApiKey ?? false, apiKeys },
    );
    servers.push(await gateway.listen(ports.api));
    servers.push(await listen(inboxHandler(inbox), ports.inbox));
    mark('listening');
    // Upgraded sockets (Realtime) are not HTTP connections: closeAllConnections() leaves them open and
    // server.close() would wait for every client to leave, so stop() destroys what is still open.
    const sockets = new Set<Duplex>();
    for (const server of servers) {
      server.on('connection', (socket: Duplex) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
    }
    // `[storage.buckets]` as `supabase start` (and so `db reset`) seed them: through the API, once it answers.
    await seedBuckets(config.storage.buckets, { apiUrl, serviceKey: apiKeys.serviceRole }, (line) =>
      log('storage', line),
    );
    mark('ready');

    let stopped: Promise<void> | undefined;
    return {
      apiUrl,
      dbUrl,
      inboxUrl: stack.urls.inbox,
      anonKey: apiKeys.anon,
      serviceRoleKey: apiKeys.serviceRole,
      publishableKey: apiKeys.publishable,
      secretKey: apiKeys.secret,
      jwtSecret: JWT_SECRET,
      config,
      inbox,
      timings,
      stop: () =>
        (stopped ??= (async () => {
          const closed = servers.map((server) => new Promise((r) => server.close(r)));
          for (const server of servers) server.closeAllConnections?.();
          await Promise.allSettled(services.map((s) => s.close?.()));
          await background?.close();
          for (const socket of sockets) socket.destroy();
          await Promise.all(closed);
          await Promise.allSettled(pools.map((p) => p.end({ timeout: 1 })));
          await checkpointed;
          await pg?.stop();
        })()),
    };
  } catch (error) {
    // A half-started stack must not leave workers (Deno, replication), listeners or Postgres behind.
    await Promise.allSettled(servers.map((server) => new Promise((done) => server.close(done))));
    await Promise.allSettled(services.map((s) => s.close?.()));
    await background?.close().catch(() => {});
    await Promise.allSettled(pools.map((p) => p.end({ timeout: 1 })));
    await checkpointed;
    await pg?.stop();
    throw error;
  }
}
