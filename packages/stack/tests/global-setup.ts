/** Starts one stack on the fixture project for the whole test run; tests read it with `stackEnv()`. */
import { fileURLToPath } from 'node:url';
import { startTestStack, toEnv } from '../src/testing.ts';

export default async function setup() {
  const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));
  const stack = await startTestStack({ workdir });
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  return () => stack.stop();
}
