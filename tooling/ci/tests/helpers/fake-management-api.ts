/**
 * @module fake-management-api — records what the Supabase CLI sends to the Management API when it deploys
 * functions and sets secrets, answering just enough for it to finish. It deploys nothing: it is where the
 * rehearsal meets the boundary of a hosted project (docs/decisions/102).
 */

import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { freePort } from '@lanes/stack/testing';

export interface FunctionDeploy {
  slug: string;
  metadata: { entrypoint_path: string; import_map_path?: string; verify_jwt: boolean; name: string };
  files: string[];
}

export interface FakeApi {
  /** A CLI profile file (`--profile`) whose `api_url` is this server. */
  profile: string;
  deploys: FunctionDeploy[];
  secrets: { name: string; value: string }[];
  /** Bearer tokens seen, to check the CLI authenticated with the access token from the environment. */
  tokens: Set<string>;
  close(): Promise<void>;
}

export async function startFakeManagementApi(dir: string, projectRef: string): Promise<FakeApi> {
  const port = await freePort();
  const api: FakeApi = {
    profile: join(dir, 'profile.yaml'),
    deploys: [],
    secrets: [],
    tokens: new Set(),
    close,
  };
  const project = { id: projectRef, ref: projectRef, name: 'rehearsal', status: 'ACTIVE_HEALTHY' };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    api.tokens.add(req.headers.authorization ?? '');
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname.endsWith('/functions/deploy')) {
      const form = await new Response(body, {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const metadata = JSON.parse(String(form.get('metadata'))) as FunctionDeploy['metadata'];
      const files = form.getAll('file').map((f) => (f as File).name);
      api.deploys.push({ slug: url.searchParams.get('slug') ?? '', metadata, files });
      return send(201, { id: metadata.name, slug: metadata.name, version: 1, status: 'ACTIVE', ...metadata });
    }
    if (req.method === 'POST' && url.pathname.endsWith('/secrets')) {
      api.secrets.push(...(JSON.parse(body.toString('utf8')) as FakeApi['secrets']));
      return send(201, {});
    }
    if (url.pathname.endsWith('/functions') || url.pathname.endsWith('/secrets')) return send(200, []);
    return send(200, project);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  writeFileSync(
    api.profile,
    `name: rehearsal\napi_url: ${origin}\ndashboard_url: ${origin}\nproject_host: localhost\n`,
  );
  function close() {
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return api;
}
