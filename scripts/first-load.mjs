// Which files a page loads before it can draw: its bundle and the chunks those import statically
// (`from"./chunks/…"`), transitively. Chunks that are only import()ed load on demand. Chunk names
// carry a content hash (scripts/build.mjs), so they are read from the build, never written down.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const STATIC_IMPORT = /\bfrom\s*"(\.\/[^"]+\.js)"|\bimport\s*"(\.\/[^"]+\.js)"/g;

/** Paths relative to `dir`, the entry first. */
export function firstLoadFiles(dir, entry) {
  const files = [];
  const visit = (file) => {
    if (files.includes(file)) return;
    files.push(file);
    const code = readFileSync(join(dir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const target = match[1] ?? match[2];
      visit(relative(dir, normalize(join(dir, dirname(file), target))).split('\\').join('/'));
    }
  };
  visit(entry);
  return files;
}
