import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
    // Files share one stack; one after another keeps the 2-core machine responsive.
    fileParallelism: false,
    // One worker loads supabase-js and the operations once for all files, not once per file: a quarter less
    // CPU (decision 104). Safe because helpers read STACK_ENV when called and files restore what they set.
    isolate: false,
  },
});
