/** @module vite.config — the app build: React Router's plugin does routing, SSR and code splitting. */
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The app's own small modules that several routes share (a few hundred bytes each), with what they import
 * (React, React Router), in one chunk instead of one file apiece: the board's first paint went from 20 files
 * to 12 and from 149.9 to 146.5 KB gzipped, every route a little smaller (decision 160, with release 2's additions).
 */
const SMALL_SHARED_MODULES =
  /\/app\/lib\/(panel-navigation|public-env|load-in-turns|early-panel|after-first-paint|names|time-format|theme|typing)\.ts$|\/app\/components\/(error-boundary|avatar|avatar-url|menu|logo-mark|icons)\.tsx?$|\/packages\/shared\/src\/constants\.ts$|\/features\/board\/model\/field-rules\.ts$|vite\/preload-helper/;

export default defineConfig({
  // Lanes speaks US English: React Aria's strings for its other 33 locales stay out of the pickers' chunk
  // (decision 200). A reader in another locale gets its English strings, as the rest of the app.
  plugins: [optimizeLocales.vite({ locales: ['en-US'] }), reactRouter()],
  server: { port: 5173, strictPort: true, host: 'localhost' },
  build: {
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', test: SMALL_SHARED_MODULES, minShareCount: 2 }] },
      },
    },
  },
});
