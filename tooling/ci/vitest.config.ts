import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file installs packages or starts stacks: one at a time keeps the 2-core machine responsive.
    fileParallelism: false,
  },
});
