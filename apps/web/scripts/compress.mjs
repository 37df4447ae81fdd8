// After `vite build`: brotli (quality 11) and gzip copies of every text asset, so the server sends them
// pre-compressed (@fastify/static `preCompressed`) instead of compressing on each request at a lower level.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|css|svg|json|txt|map)$/;

/** @param {string} dir @returns {Generator<string>} */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  // Small files too: a first page loads dozens of chunks under 1 KB. A copy that is not smaller is not kept.
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  if (br.length < data.length || gz.length < data.length) count++;
}
console.log(`pre-compressed ${count} assets`);
