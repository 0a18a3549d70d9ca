/**
 * @module management — the small part of Supabase's Management API (`/v1/projects/{ref}/…`) that
 * `supabase functions deploy --use-api` and `supabase secrets set` call, so a stack can play the hosted
 * project in a deploy rehearsal: point the CLI at it with `--profile <file>` (`api_url: <stack api url>`).
 * A deploy writes the uploaded files into this stack's project folder, where the functions service serves
 * them, with the uploaded `verify_jwt`; secrets go to `supabase/functions/.env`, read by each new worker.
 * Off unless `startStack({ managementApi: { projectRef, accessToken } })`: a developer's stack never rewrites
 * its own sources. As the hosted API, it answers 401 to any other token and 404 to any other project, so a
 * rehearsed deploy aimed at the wrong project, or sent with a wrong token, fails as it would on hosted.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { RequestContext, Service, StackContext } from '../context.ts';
import { parseDotenv } from '../functions/dotenv.ts';

interface DeployMetadata {
  name?: string;
  entrypoint_path: string;
  import_map_path?: string;
  verify_jwt?: boolean;
}

interface DeployedFunction {
  id: string;
  slug: string;
  name: string;
  version: number;
  status: 'ACTIVE';
  verify_jwt: boolean;
  entrypoint_path: string;
  import_map_path?: string;
  created_at: number;
  updated_at: number;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const message = (status: number, text: string) => json(status, { message: text });

const ROUTE = /^\/projects\/([^/]+)(?:\/(functions|functions\/deploy|secrets))?\/?$/;

/** The one project this stack plays, and the personal access token that may manage it. */
export interface ManagementOptions {
  projectRef: string;
  accessToken: string;
}

export function build(stack: StackContext, project: ManagementOptions): Service {
  const deployed = new Map<string, DeployedFunction>();
  const envFile = join(stack.config.supabaseDir, 'functions', '.env');
  const root = stack.config.workdir;

  /** A path the CLI uploaded, relative to the project folder; never outside it. */
  function inProject(name: string): string | null {
    const path = resolve(root, name);
    return path.startsWith(root + sep) ? path : null;
  }

  async function deploy(request: Request, url: URL): Promise<Response> {
    const form = await request.formData().catch(() => null);
    const slug = url.searchParams.get('slug');
    const rawMetadata = form?.get('metadata');
    if (!form || !slug || typeof rawMetadata !== 'string') return message(400, 'Invalid deploy request');
    const metadata = JSON.parse(rawMetadata) as DeployMetadata;
    const files = form.getAll('file').filter((f): f is File => typeof f !== 'string');
    const targets = files.map((file) => ({ file, path: inProject(file.name) }));
    if (targets.some((t) => !t.path)) return message(400, 'File path outside the project');
    for (const { file, path } of targets) {
      mkdirSync(dirname(path!), { recursive: true });
      writeFileSync(path!, Buffer.from(await file.arrayBuffer()));
    }
    const verifyJwt = metadata.verify_jwt ?? true;
    // The hosted platform keeps verify_jwt per deployed function; so does this stack, over config.toml.
    stack.config.functions[slug] = { verifyJwt, enabled: true };
    const now = Date.now();
    const previous = deployed.get(slug);
    const record: DeployedFunction = {
      id: previous?.id ?? crypto.randomUUID(),
      slug,
      name: metadata.name ?? slug,
      version: (previous?.version ?? 0) + 1,
      status: 'ACTIVE',
      verify_jwt: verifyJwt,
      entrypoint_path: metadata.entrypoint_path,
      ...(metadata.import_map_path ? { import_map_path: metadata.import_map_path } : {}),
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
    deployed.set(slug, record);
    stack.log('management', `deployed function ${slug} v${record.version} (${files.length} files)`);
    return json(201, record);
  }

  function readSecrets(): Record<string, string> {
    return existsSync(envFile) ? parseDotenv(readFileSync(envFile, 'utf8')) : {};
  }

  async function setSecrets(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => null)) as { name: string; value: string }[] | null;
    if (!Array.isArray(body)) return message(400, 'Invalid secrets');
    if (body.some((s) => s.name.startsWith('SUPABASE_'))) {
      return message(400, 'Env var name cannot start with SUPABASE_');
    }
    const secrets = { ...readSecrets(), ...Object.fromEntries(body.map((s) => [s.name, s.value])) };
    mkdirSync(dirname(envFile), { recursive: true });
    writeFileSync(
      envFile,
      Object.entries(secrets)
        .map(([name, value]) => `${name}=${JSON.stringify(value)}\n`)
        .join(''),
    );
    return json(201, {});
  }

  return {
    async fetch(request: Request, ctx: RequestContext): Promise<Response> {
      if (request.headers.get('authorization') !== `Bearer ${project.accessToken}`)
        return message(401, 'Unauthorized');
      const match = ROUTE.exec(ctx.path);
      if (!match) return message(404, 'Not found');
      const [, ref, resource] = match;
      // Hosted answers a token that cannot see the project as it answers a project that does not exist.
      if (ref !== project.projectRef) return message(404, 'Not Found');
      const method = request.method;
      if (!resource && method === 'GET') {
        return json(200, { id: ref, ref, name: 'local', status: 'ACTIVE_HEALTHY', region: 'local' });
      }
      if (resource === 'functions' && method === 'GET') return json(200, [...deployed.values()]);
      if (resource === 'functions/deploy' && method === 'POST') return deploy(request, ctx.url);
      if (resource === 'secrets' && method === 'GET') {
        const digest = (v: string) => createHash('sha256').update(v).digest('hex');
        return json(
          200,
          Object.entries(readSecrets()).map(([name, value]) => ({ name, value: digest(value) })),
        );
      }
      if (resource === 'secrets' && method === 'POST') return setSecrets(request);
      return message(405, 'Method not allowed');
    },
  };
}
