import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/global-setup.ts'],
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A vitest process's files share its stack; running them one after another keeps the 2-core machine responsive.
    fileParallelism: false,
    // The files of a lane (tests/lanes.ts) share one process: a fifth less CPU than a process per file. The two
    // failures that kept a process per file (decision 104) were a race in a test and a lost SIGINT in Postgres's
    // watchdog, both fixed (decision 105).
    isolate: false,
  },
});
