import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the API runs on its own port (npm run dev); the built app is served by the server.
    proxy: {
      '/api': 'http://localhost:3000',
      '/public': 'http://localhost:3000',
      '/oauth': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // Building a zod schema has no side effects, so a schema nobody uses can be dropped: importing a
      // constant from a contracts module then does not pull zod into the first page
      // (docs/decisions/0006-web-first-page-budget.md).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
