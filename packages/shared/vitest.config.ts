import { defineConfig } from 'vitest/config';

// Pure unit tests: no stack needed (the generated-types check runs as its own script).
export default defineConfig({
  test: { include: ['src/**/*.test.ts'] },
});
