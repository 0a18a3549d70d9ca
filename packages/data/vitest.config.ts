import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
    // Files share one stack; one after another keeps the 2-core machine responsive.
    fileParallelism: false,
  },
});
