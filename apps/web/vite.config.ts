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
        // One exception: the module that points Luxon at the shared tz table for the thirteen zones.
        moduleSideEffects: (id) =>
          id.includes('/packages/shared/src/') ? id.includes('/time/tzdb/installTzdbZones') : undefined,
        // The schema builders of packages/shared/src/api/fields.ts are as pure as `z` itself; without them a
        // module-level `z.object({ ids: idListSchema(500) })` keeps zod (24 kB) on the first page.
        manualPureFunctions: ['z', 'idListSchema', 'textSchema', 'isoInstantSchema', 'isoDateSchema'],
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
