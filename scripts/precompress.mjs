#!/usr/bin/env node
// Writes a .br and a .gz beside every text file of a built folder, so the server sends them as they are
// (@fastify/static's preCompressed) at the best ratios, with no compression work per request:
//   node scripts/precompress.mjs apps/web/dist
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
// Below this, the headers of a compressed answer cost about what they save.
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const root = process.argv[2];
if (!root) {
  console.error('Usage: node scripts/precompress.mjs <folder>');
  process.exit(2);
}

async function* textFiles(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (COMPRESSIBLE.has(extname(entry.name)) && (await stat(path)).size >= MIN_BYTES) yield path;
  }
}

const started = performance.now();
let before = 0;
let after = 0;
const jobs = [];
for await (const path of textFiles(root)) {
  jobs.push(
    (async () => {
      const content = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      before += content.length;
      after += br.length;
    })(),
  );
}
await Promise.all(jobs);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `Precompressed ${jobs.length} files in ${root}: ${kib(before)} → ${kib(after)} brotli, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
