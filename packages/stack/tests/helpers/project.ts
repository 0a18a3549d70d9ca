/**
 * @module tests/helpers/project — a throwaway Supabase project folder with a config.toml of the test's own
 * (and any extra files, such as signing keys), served by a stack of its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RunningStack, StartOptions } from '../../src/index.ts';
import { startTestStack } from '../../src/testing.ts';

export interface Project {
  workdir: string;
  stack: RunningStack;
  /** What the stack logged, one `[service] message` line each. */
  logs: string[];
  stop(): Promise<void>;
}

/** Writes `supabase/config.toml` (and `files`, relative to `supabase/`), then starts a stack on it. */
export async function startProject(
  configToml: string,
  files: Record<string, string> = {},
  options: Partial<StartOptions> = {},
): Promise<Project> {
  const workdir = makeProject(configToml, files);
  const logs: string[] = [];
  const stack = await startTestStack({
    workdir,
    log: (service, line) => logs.push(`[${service}] ${line}`),
    ...options,
  });
  return {
    workdir,
    stack,
    logs,
    async stop() {
      await stack.stop();
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}

/** The project folder alone, for tests of a stack that must refuse to start. */
export function makeProject(configToml: string, files: Record<string, string> = {}): string {
  const workdir = mkdtempSync(join(tmpdir(), 'stack-project-'));
  mkdirSync(join(workdir, 'supabase'));
  writeFileSync(join(workdir, 'supabase', 'config.toml'), configToml);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workdir, 'supabase', name)), { recursive: true });
    writeFileSync(join(workdir, 'supabase', name), text);
  }
  return workdir;
}
