// Web bundle benchmark: gzip size of the JavaScript each entry page loads before any lazy route, compared with
// the 250 kB shell target in the same run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024;

/** The JS a page needs at first paint: the entry script, its modulepreloads and their static imports. */
function initialScripts(): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) found.add(match[1] as string);
  const queue = [...found];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const source = readFileSync(join(dist, file), 'utf8');
    for (const match of source.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      const next = `assets/${match[1]}`;
      if (!found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return [...found];
}

const initial = initialScripts();
const initialKb = initial.reduce((sum, file) => sum + gzipKb(file), 0);
const allJs = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const allKb = allJs.reduce((sum, file) => sum + gzipKb(join('assets', file)), 0);
const lazy = allJs.filter((file) => !initial.includes(`assets/${file}`));

console.log('Web bundle (gzip):');
console.log(
  `  initial JS (sign-in page and shell share it): ${initialKb.toFixed(1)} kB over ${initial.length} files   target < 250 kB`,
);
for (const file of initial) console.log(`    ${file.padEnd(48)} ${gzipKb(file).toFixed(1)} kB`);
console.log(`  lazy route chunks: ${lazy.length} files, ${(allKb - initialKb).toFixed(1)} kB`);
for (const file of lazy.sort())
  console.log(`    assets/${file.padEnd(41)} ${gzipKb(join('assets', file)).toFixed(1)} kB`);
console.log(`  all JS: ${allKb.toFixed(1)} kB`);
