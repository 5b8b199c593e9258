import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // packages/shared is pure (rules, constants and zod schemas), so a page carries only what it
      // uses: zod only lands in the chunks of forms that validate in the browser.
      treeshake: {
        moduleSideEffects: (id) => (id.includes('/packages/shared/src/') ? false : undefined),
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/socket.io': { target: apiServer, ws: true },
    },
  },
});
