// GET /casino/hostile: a European roulette game page that also attacks the extension (see
// hostile-head.ts and hostile-script.ts). Honest rounds are played on it as on any game page; its
// extra parts forge, flood and inject. It is served with a policy that allows inline scripts and
// handlers, unlike every other page: a payload the extension parsed as HTML here would run.
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import type { CasinoSnapshot } from './casino-state.js';
import { floodRounds, forgedRounds, MAX_FLOOD_ROUNDS, payloadRounds, payloads, RUN_ID } from './hostile-rounds.js';
import type { Lang } from './i18n.js';
import { cls } from './markup.js';
import { gamePage } from './pages.js';

export const HOSTILE_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'self'";

const compiled = new Map<string, Promise<string>>();

/** A browser script of this folder, compiled once per process (as static-assets.ts does casino.js). */
function compile(file: string): Promise<string> {
  let code = compiled.get(file);
  if (!code) {
    code = readFile(new URL(file, import.meta.url), 'utf8').then(async (source) => {
      const output = await transform(source, { loader: 'ts', format: 'iife', target: 'es2020', legalComments: 'none' });
      return output.code;
    });
    compiled.set(file, code);
  }
  return code;
}

export const hostilePageScript = (): Promise<string> => compile('./hostile-script.ts');

/** Puts `insert` right after the first `marker` of `html`; fails loudly if the page changed shape. */
function insertAfter(html: string, marker: string, insert: string): string {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`hostile page: no "${marker}" in the game page`);
  return `${html.slice(0, at + marker.length)}${insert}${html.slice(at + marker.length)}`;
}

export async function hostilePage(state: CasinoSnapshot, lang: Lang, self: URL): Promise<string> {
  const head = await compile('./hostile-head.ts');
  // "</script" cannot appear in compiled code of ours, but keep the inline script unbreakable.
  if (/<\/script/i.test(head)) throw new Error('hostile page: the head script contains </script');
  let html = gamePage(state, lang, 'roulette-european', self);
  html = insertAfter(html, '<head>\n', `<script>${head}</script>\n`);
  html = insertAfter(html, '<script src="/static/casino.js" defer></script>\n', '<script src="/static/hostile.js" defer></script>\n');
  const controls = `<section class="${cls('hostile')}" data-hostile="controls" aria-label="Hostile page">
<h2 class="${cls('h2')}">Hostile page (Fair Witness demo)</h2>
<button type="button" class="${cls('demo-button')}" data-action="hostile-forge">Forge and inject</button>
<button type="button" class="${cls('demo-button')}" data-action="hostile-flood" data-duration-ms="3000">Flood for 3 s</button>
<button type="button" class="${cls('demo-button')}" data-action="hostile-grow">Grow one record</button>
<button type="button" class="${cls('demo-button')}" data-action="hostile-bytes">Flood with the longest rounds</button>
</section>
<section data-hostile="payloads"></section>
<section data-hostile="flood"></section>
`;
  return insertAfter(html, `<main class="${cls('main')}">\n`, controls);
}

/** The forged rounds and payloads of one run, as octet-stream (a type no tap reads: the page forges them itself). */
export function forgedJson(run: string | null): string | undefined {
  if (run === null || !RUN_ID.test(run)) return undefined;
  return JSON.stringify({ forged: forgedRounds(run), payloadRounds: payloadRounds(run), payloads: payloads() });
}

/** One flood answer: `n` fresh rounds from `from` on, or undefined for bad parameters. */
export function floodJson(run: string | null, from: string | null, n: string | null): string | undefined {
  const start = Number(from);
  const count = Number(n);
  if (run === null || !RUN_ID.test(run) || !Number.isSafeInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > MAX_FLOOD_ROUNDS) return undefined;
  return JSON.stringify({ rounds: floodRounds(run, start, count) });
}
