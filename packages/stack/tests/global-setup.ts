/** Starts one stack on the fixture project for the whole test run; tests read it with `stackEnv()`. */
import { fileURLToPath } from 'node:url';
import { startTestStack, toEnv } from '../src/testing.ts';

export default async function setup() {
  const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));
  // FROM_OPTIONS: what an embedder hands every function (the e2e setup gives them the app's URL this way).
  const stack = await startTestStack({
    workdir,
    functionsEnv: { FROM_OPTIONS: 'from start options', GREETING: 'overridden by options' },
  });
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  return () => stack.stop();
}
