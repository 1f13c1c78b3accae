// /casino/shadow: the full history drawn by web components, every round inside nested open shadow
// roots (<fw-history> → <fw-round> → the round's table), as component-based casino front-ends
// draw theirs; and a promo banner in a closed shadow root, which no extension can read. The rounds
// travel to the page inside a <template> (inert markup the scanner never reads): only the shadow
// roots show them, and the page makes no API request, so capture can only come from the shadow walk.
// A refresh (BroadcastChannel, as on the other pages) adds a <fw-round> host per new round and
// swaps the table inside a round's own shadow root when that round changed (its seed revealed).
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import type { CasinoSnapshot } from './casino-state.js';
import { renderHistory } from './history-views.js';
import { strings, type Lang } from './i18n.js';
import { esc } from './markup.js';
import { showHistory } from './shown.js';

export function shadowHistoryPage(state: CasinoSnapshot, lang: Lang): string {
  const t = strings(lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${esc(t.fullHistory)} — Cloudbet (demo)</title>
<link rel="stylesheet" href="/static/casino.css">
<script src="/static/shadow.js" defer></script>
</head>
<body data-page="shadow" data-lang="${lang}">
<main>
<h1>${esc(t.fullHistory)}</h1>
<fw-promo></fw-promo>
<fw-history aria-label="${esc(t.betHistory)}"></fw-history>
<template id="rounds">${renderHistory(showHistory(state.rounds, 'page'), lang, 'table')}</template>
</main>
</body>
</html>
`;
}

let script: Promise<string> | undefined;

/** /static/shadow.js, compiled once per process from shadow-script.ts (as static-assets.ts does the page script). */
export function shadowScript(): Promise<string> {
  script ??= readFile(new URL('./shadow-script.ts', import.meta.url), 'utf8').then(async (source) => {
    const output = await transform(source, { loader: 'ts', format: 'iife', target: 'es2020', legalComments: 'none' });
    return output.code;
  });
  return script;
}
