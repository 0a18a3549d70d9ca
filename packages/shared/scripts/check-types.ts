/**
 * @module check-types — fails when `src/database.gen.ts` differs from what `supabase gen types` makes of the
 * migrations (on an isolated stack); `--write` regenerates the file instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateTypes } from '@lanes/stack/database';
import { startTestStack } from '@lanes/stack/testing';

const workdir = fileURLToPath(new URL('../../..', import.meta.url));
const target = fileURLToPath(new URL('../src/database.gen.ts', import.meta.url));

const stack = await startTestStack({ workdir });
try {
  const fresh = await generateTypes(stack.dbUrl, workdir);
  if (process.argv.includes('--write')) {
    writeFileSync(target, fresh);
    console.log(`wrote ${target}`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(target, 'utf8');
    } catch {}
    if (committed !== fresh) {
      console.error('src/database.gen.ts is out of date with supabase/migrations: run `pnpm db:types`.');
      process.exitCode = 1;
    } else {
      console.log('database.gen.ts matches the migrations.');
    }
  }
} finally {
  await stack.stop();
}
