/** Starts one stack on the Lanes project (/supabase at the repo root) for the run; tests read it with `stackEnv()`. */
import { fileURLToPath } from 'node:url';
import { startTestStack, toEnv } from '@lanes/stack/testing';

export default async function setup() {
  const workdir = fileURLToPath(new URL('../../..', import.meta.url));
  const stack = await startTestStack({ workdir });
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  return () => stack.stop();
}
