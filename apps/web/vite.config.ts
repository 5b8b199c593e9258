import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const apiServer = 'http://localhost:3000';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const shared = (path: string) => fileURLToPath(new URL(`../../packages/shared/src/${path}`, import.meta.url));
// The entry and what it takes through shared's index: the tz table Luxon reads, and the permission rules.
const ENTRY = [source('main.tsx'), shared('time/tzdb/installTzdbZones.ts'), shared('auth/permissions.ts')];
const SIGN_IN = [source('features/auth/components/LoginPage.tsx')];
// What every signed-in visit loads after the entry: the shell (top bar, navigation) and Home, the first page.
const SHELL = [source('app/AppLayout.tsx'), source('features/home/components/HomePage.tsx')];
// Shared's index re-exports all of it (zod schemas too); what a page takes through it is left to the bundler.
const isSharedIndex = (id: string) => id.endsWith('/packages/shared/src/index.ts');
// A feature's index.ts only re-exports: its importer loads just the modules whose names it uses.
const isFeatureIndex = (id: string) => /\/apps\/web\/src\/features\/[^/]+\/index\.ts$/.test(id);

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

const RE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** The names `export { A, type B, C as D }` gives its importers: A, B, D. */
const exportedNames = (list: string) =>
  list.split(',').map((item) =>
    item
      .replace(/^.*\sas\s/, '')
      .replace(/^\s*type\s/, '')
      .trim(),
  );

/**
 * The modules a feature's index re-exports that `importer` names (`export { DataTable } from './components/DataTable'`
 * is followed only when the importer's code mentions DataTable). Following every re-export put the tables feature's
 * DataTable and its date pickers into the shell, which only wants the tables' menu entries.
 */
function reExportsUsedBy(ctx: ChunkingContext, index: string, importer: string): string[] {
  const indexInfo = ctx.getModuleInfo(index);
  const importerCode = ctx.getModuleInfo(importer)?.code ?? '';
  if (!indexInfo?.code) return indexInfo?.importedIds ?? [];
  const used: string[] = [];
  for (const [, names = '', specifier = ''] of indexInfo.code.matchAll(RE_EXPORT)) {
    const named = exportedNames(names).some((name) => name && new RegExp(`\\b${name}\\b`).test(importerCode));
    if (!named) continue;
    const target = fileURLToPath(new URL(specifier, `file://${index}`));
    used.push(...indexInfo.importedIds.filter((id) => id.replace(/\.tsx?$/, '') === target));
  }
  return used;
}

/** The modules the roots load by static imports, optionally not following shared's index. */
function staticallyReachable(ctx: ChunkingContext, roots: string[], throughSharedIndex: boolean): Set<string> {
  const seen = new Set<string>(roots);
  const queue = [...roots];
  const visit = (next: string) => {
    if (!seen.has(next)) {
      seen.add(next);
      queue.push(next);
    }
  };
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (!throughSharedIndex && isSharedIndex(id)) continue;
    if (isFeatureIndex(id)) continue;
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
      visit(next);
      if (isFeatureIndex(next)) for (const reExported of reExportsUsedBy(ctx, next, id)) visit(reExported);
    }
  }
  return seen;
}

const chunkOfModule = new WeakMap<ChunkingContext, Map<string, string>>();

/**
 * Few chunks for the sign-in page and the first page after it: the entry's own code ('app'), what the sign-in
 * page and the shell share ('forms'), and the rest of the shell with Home ('shell'). Left to the bundler, their
 * sharing with other pages split them into about fifty small chunks and, each compressed alone with its imports
 * and exports, the first page came to 8 % more bytes. Every other signed-in page loads the shell anyway.
 */
function firstPageChunk(id: string, ctx: ChunkingContext): string | null {
  let chunks = chunkOfModule.get(ctx);
  if (!chunks) {
    chunks = new Map();
    const entryAll = staticallyReachable(ctx, ENTRY, true);
    for (const module of staticallyReachable(ctx, ENTRY, false)) chunks.set(module, 'app');
    const signIn = staticallyReachable(ctx, SIGN_IN, true);
    for (const module of staticallyReachable(ctx, SHELL, true)) {
      if (!entryAll.has(module)) chunks.set(module, signIn.has(module) ? 'forms' : 'shell');
    }
    chunkOfModule.set(ctx, chunks);
  }
  return chunks.get(id) ?? null;
}

/**
 * The app's build (not a library build of some of its modules, as the tz browser test makes) gets the chunks above,
 * and fails when the entry chunk and a chunk it imports import each other (ENTRY above misses a module).
 */
const firstPageChunks: Plugin = {
  name: 'shiftline:first-page-chunks',
  apply: 'build',
  config: (config) =>
    config.build?.lib
      ? undefined
      : {
          build: {
            rolldownOptions: {
              output: { codeSplitting: { groups: [{ name: firstPageChunk, includeDependenciesRecursively: false }] } },
            },
          },
        },
  generateBundle(_options, bundle) {
    for (const entry of Object.values(bundle)) {
      if (entry.type !== 'chunk' || !entry.isEntry) continue;
      for (const imported of entry.imports) {
        const chunk = bundle[imported];
        if (chunk?.type === 'chunk' && chunk.imports.includes(entry.fileName)) {
          this.error(`${chunk.fileName} and the entry import each other: add what it uses to ENTRY`);
        }
      }
    }
  },
};

export default defineConfig({
  plugins: [react(), firstPageChunks],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // packages/shared is pure (rules, constants and zod schemas), so a page carries only what it
      // uses: zod only lands in the chunks of forms that validate in the browser.
      treeshake: {
        // One exception: the module that points Luxon at the shared tz table for the thirteen zones.
        // The app's own modules are side-effect free too: none is imported for its effect alone (the CSS they import
        // keeps its own), so importing one name from a feature's index does not load all the index re-exports.
        moduleSideEffects: (id) => {
          if (id.includes('/packages/shared/src/')) return id.includes('/time/tzdb/installTzdbZones');
          return /\/apps\/web\/src\/.*\.tsx?$/.test(id) ? false : undefined;
        },
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
