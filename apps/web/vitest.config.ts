/** @module vitest.config — unit, component and loader tests (no React Router plugin; e2e runs in Playwright). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['app/**/*.test.{ts,tsx}', 'tests/styles/**/*.test.ts'], environment: 'node' },
});
