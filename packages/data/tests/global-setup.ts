/** Starts one isolated stack on the Lanes project (real migrations) for the whole data-package test run. */
import { fileURLToPath } from 'node:url';
import { startTestStack, toEnv } from '@lanes/stack/testing';

export default async function setup() {
  const workdir = fileURLToPath(new URL('../../..', import.meta.url));
  const stack = await startTestStack({ workdir });
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  return () => stack.stop();
}
