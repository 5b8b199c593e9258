#!/usr/bin/env node
// Compiles the server to JavaScript in dist/, so production starts without compiling TypeScript at each start:
// one ES module per entry point with our own code (and @shiftline/shared, which ships TypeScript) bundled in, and
// every npm dependency left to node_modules as usual.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** Entry points, by the name `scripts/start.mjs` runs them under. */
const ENTRIES = { server: 'src/server.ts', createAdmin: 'src/cli/createAdmin.ts' };

const started = performance.now();
rmSync(`${serverDir}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: Object.entries(ENTRIES).map(([out, path]) => ({ in: path, out })),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Shared chunks between the entry points, so each module (and its state) exists once.
  splitting: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'dependencies-stay-in-node-modules',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shiftline/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: `// Built by apps/server/scripts/build.mjs from ${manifest.name} ${manifest.version}; do not edit.` },
});
console.log(`Server compiled to apps/server/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`);
