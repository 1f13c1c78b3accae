// The gzip sizes the bundle budgets are about, from one built extension folder. A page's first load
// is its bundle plus every chunk it imports statically (esbuild splits the esm pages into shared
// chunks); chunks it imports with import() load on first use and do not count.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Budgets in bytes of gzip -9 (issues #12, #13): what a player's browser parses before it shows anything.
 * The content script's was 12 KB until #23: the checked reveals that end rounds after a rotation
 * that changes the client seed too, and the client seed typed by the player (for the proof's "what
 * your client seed proves", with the red team's guards: finished values only, focus moves, the
 * casino's own suggestion) took it from 12.3 to 13.1 KB. 13.5 KB until #28's labels in the
 * casino's languages: the words of seven more languages stay in the worker (shared/vocabularies/),
 * but asking for them, adding them and reading the page again when they come, and naming in the
 * capture report the texts before values no label named, took it from 13.4 to 13.6 KB. 13.75 KB
 * until a round's game went to the worker by the one name the core calls it, in every language
 * ("Ruleta Europea", "Roulette" and "european" are European Roulette; the worker knows English and
 * German names only): 37 B. 13.8 KB until a commitment that is no digest (64 hex digits) stopped
 * being sent, which the worker now refuses (a "|" in it wrote another round's key): 18 B. 13.85 KB
 * until the session listened again in a document reopened by document.open() (which erases every
 * listener: a bet there went unseen): 24 B. 13.9 KB now.
 * The page tap's was 4 KB until #28: reading binary WebSocket frames (a MessagePack and a CBOR
 * decoder, hand-written: no library loaded into the page's world, which would need a
 * web_accessible_resource a page can probe) and fetch answers as they stream took it from 3.6 to
 * 5.2 KB. 5.5 KB now (docs/design.md, "The page taps").
 */
export const BUDGETS = {
  'content.js': 13.9 * 1024,
  'page-tap.js': 5.5 * 1024,
  'popup.js': 30 * 1024,
  'background.js': 25 * 1024,
};

/** `file` (relative to `dir`) and every module it imports statically, each once. */
export function staticClosure(dir, file) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(dir, path), 'utf8');
    // `import{a}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) visit(relative(dir, join(dir, dirname(path), spec)));
  };
  visit(file);
  return [...seen];
}

/** Classic scripts a page loads beside its module (popup.html's popup-boot.js): part of its first load. */
const LOADED_BESIDE = { 'popup.js': ['popup-boot.js'] };

/** The first load of `file`: the files it takes, their minified and gzip -9 sizes summed. */
export function firstLoad(dir, file) {
  const files = [...staticClosure(dir, file), ...(LOADED_BESIDE[file] ?? [])];
  let raw = 0;
  let gzip = 0;
  for (const path of files) {
    const bytes = readFileSync(join(dir, path));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}
