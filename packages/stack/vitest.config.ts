import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/global-setup.ts'],
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files share one stack; running them one after another keeps the 2-core machine responsive.
    fileParallelism: false,
    // One worker loads the stack's modules once for all files instead of a fresh process per file: a third
    // less CPU (decision 104). Safe because files restore any variable they set and mock nothing.
    isolate: false,
  },
});
