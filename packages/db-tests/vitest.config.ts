import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/global-setup.ts'],
    include: ['tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
    // Files share one stack and one seeded database; one after another keeps them independent.
    fileParallelism: false,
  },
});
