/** @module vite.config — the app build: React Router's plugin does routing, SSR and code splitting. */
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: { port: 5173, strictPort: true, host: 'localhost' },
});
