// Server-rendered pages. Everything is relative to the page's own origin: no external resource,
// so the demo works offline and the browser talks to nothing but this server. Every dynamic part
// is a [data-slot] element that /static/casino.js swaps in place after each action.
import { PAIR_MODES, type CasinoSnapshot, type CheatMode, type PairMode } from './casino-state.js';
import type { GameId } from './fairness.js';
import { renderHistory, type HistoryLayout } from './history-views.js';
import { strings, type Lang } from './i18n.js';
import { chips, cls, esc, rouletteChip, truncate } from './markup.js';
import { showAlternatives, showHistory, showPanel, showRound, type ShownSeedPair } from './shown.js';
import { ungroupedBody } from './ungrouped-page.js';

interface ShellOptions {
  lang: Lang;
  title: string;
  page: 'lobby' | 'game' | 'history' | 'embed' | 'frame' | 'reopened';
  /** path?query of this page, for the language switch. */
  self: URL;
  state: CasinoSnapshot;
  game?: GameId;
  body: string;
  /** Framed content stays bare: no control bar or navigation inside the iframe. */
  bare?: boolean;
}

function shell(o: ShellOptions): string {
  const chrome = o.bare ? '' : `${controlBar(o.state.cheat, o.state.pairMode)}${nav(o.lang, o.self)}`;
  return `<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)} — Cloudbet (demo)</title>
<link rel="stylesheet" href="/static/casino.css">
<script src="/static/casino.js" defer></script>
</head>
<body class="${cls('body')}" data-page="${o.page}" data-lang="${o.lang}"${o.game ? ` data-game="${o.game}"` : ''} data-rounds="${o.state.rounds.filter((round) => !round.held).length}" data-pair-mode="${o.state.pairMode}"${heldForClick(o.state)}>
${chrome}<main class="${cls('main')}">
${o.body}
</main>
</body>
</html>
`;
}

const CHEAT_LABELS: Record<CheatMode, string> = {
  none: 'Honest',
  'wrong-result': 'Wrong result',
  'swap-seed': 'Swap seed at reveal',
  'skip-nonce': 'Skip a nonce',
  'repeat-nonce': 'Repeat the nonce',
  'conflict-nonce': 'Repeat the nonce, other outcome',
  'other-client-seed': 'Other client seed',
  'reuse-server-seed': 'Reuse seed at rotation',
  'switch-commitment': 'Switch commitment',
  'several-commitments': 'Several commitments',
  'rerender-after-bet': 'Re-render panel after the bet',
  'same-frame': 'Commitment with the result',
  'commitment-after-click': 'Commitment after the click',
  'self-play': 'Page plays by itself',
  'two-seeds': 'Two seeds at reveal',
  'panel-hidden': 'Panel hidden',
  'answer-at-press': 'Answer the press',
  'reload-after-bet': 'Reload after the bet',
};

const PAIR_MODE_LABELS: Record<PairMode, string> = {
  fixed: 'One pair until rotated',
  'per-round-nonce-one': 'Pair per round, nonce 1',
  'per-round-counting': 'Pair per round, nonce counting',
};

/**
 * The demo's own controls, always in English and visibly not part of the casino. (No link to
 * /__demo/state: it holds the secret seeds, and a casino page must not lead there.)
 */
function controlBar(cheat: CheatMode, pairMode: PairMode): string {
  const buttons = (Object.keys(CHEAT_LABELS) as CheatMode[])
    .map((mode) => `<button type="button" class="${cls('demo-button')}" data-cheat="${mode}" aria-pressed="${mode === cheat}">${CHEAT_LABELS[mode]}</button>`)
    .join('');
  const pairButtons = PAIR_MODES.map(
    (mode) => `<button type="button" class="${cls('demo-button')}" data-pair-mode="${mode}" aria-pressed="${mode === pairMode}">${PAIR_MODE_LABELS[mode]}</button>`,
  ).join('');
  return `<aside class="${cls(`demo-bar-${cheat === 'none' ? 'honest' : 'cheating'}`)}" data-slot="demo-controls" data-demo-controls data-cheat="${cheat}" data-pair-mode="${pairMode}" aria-label="Demo controls">
<strong>DEMO CONTROLS</strong> <span>(Fair Witness demo — not part of the casino)</span>
<span role="group" aria-label="Cheat mode">${buttons}</span>
<span role="group" aria-label="Seed pairs">${pairButtons}</span>
<button type="button" class="${cls('demo-button')}" data-action="reset-demo">Reset demo</button>
</aside>
`;
}

function nav(lang: Lang, self: URL): string {
  const t = strings(lang);
  const other = new URL(self);
  other.searchParams.set('lang', lang === 'en' ? 'de' : 'en');
  const links: [string, string][] = [
    [`/?lang=${lang}`, t.lobby],
    [`/casino/roulette?variant=european&lang=${lang}`, t.games['roulette-european']],
    [`/casino/roulette?variant=american&lang=${lang}`, t.games['roulette-american']],
    [`/casino/keno?lang=${lang}`, t.games.keno],
    [`/casino/history?lang=${lang}`, t.fullHistory],
    [`/embed/history?lang=${lang}`, t.embeddedHistory],
    [`/casino/shadow?lang=${lang}`, `${t.fullHistory} (web components)`],
    [`${other.pathname}${other.search}`, t.language],
  ];
  return `<nav class="${cls('nav')}">${links.map(([href, text]) => `<a class="${cls('nav-link')}" href="${esc(href)}">${esc(text)}</a>`).join('')}</nav>\n`;
}

/** 'reload-after-bet': the bet whose result the reloaded page holds until the next click (page-script.ts). */
const heldForClick = (state: CasinoSnapshot): string => {
  const held = state.cheat === 'reload-after-bet' ? state.rounds.find((round) => round.held) : undefined;
  return held ? ` data-held-round="${held.id}"` : '';
};

export function lobbyPage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  const t = strings(lang);
  const games: [string, string][] = [
    [`/casino/roulette?variant=european&lang=${lang}`, t.games['roulette-european']],
    [`/casino/roulette?variant=american&lang=${lang}`, t.games['roulette-american']],
    [`/casino/keno?lang=${lang}`, t.games.keno],
  ];
  const body = `<h1 class="${cls('h1')}">Cloudbet Originals</h1>
<p>${esc(t.lobbyIntro)}</p>
<ul class="${cls('tiles')}">${games.map(([href, name]) => `<li><a class="${cls('tile')}" href="${esc(href)}">${esc(name)}</a></li>`).join('')}</ul>
<p><a href="/casino/history?lang=${lang}">${esc(t.fullHistory)}</a> · <a href="/embed/history?lang=${lang}">${esc(t.embeddedHistory)}</a></p>`;
  return shell({ lang, title: t.lobby, page: 'lobby', self, state, body });
}

export function gamePage(state: CasinoSnapshot, lang: Lang, game: GameId, self: URL): string {
  const t = strings(lang);
  const body = `<h1 class="${cls('h1')}">${esc(t.games[game])}</h1>
<p><button type="button" class="${cls('small-button')}" data-action="toggle-seed-pair" aria-expanded="true" data-show-text="${esc(t.showSeedPair)}" data-hide-text="${esc(t.hideSeedPair)}">${esc(t.hideSeedPair)}</button></p>
<div class="${cls('layout')}">
${seedPairPanel(state, lang)}
${alternativesSlot(state, lang)}
${game === 'keno' ? kenoControls(lang) : `<section class="${cls('play')}">${stakeInput(lang)}<p class="${cls('bet-type')}">${esc(t.rouletteBet)}</p><button type="button" class="${cls('bet-button')}" data-action="bet" data-game="${game}">${esc(t.spin)}</button> ${autoBetButton(lang, game)}</section>`}
${lastResult(state, lang, game)}
<p class="${cls('message')}" data-role="message" role="status"></p>
</div>
<section class="${cls('history')}" aria-label="${esc(t.betHistory)}">
<h2 class="${cls('h2')}">${esc(t.betHistory)}</h2>
${historySlot(state, lang, 'list')}
</section>`;
  return shell({ lang, title: t.games[game], page: 'game', self, state, game, body });
}

export function historyPage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  const t = strings(lang);
  const body = `<h1 class="${cls('h1')}">${esc(t.fullHistory)}</h1>\n${historySlot(state, lang, 'table')}`;
  return shell({ lang, title: t.fullHistory, page: 'history', self, state, body });
}

export function embedPage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  const t = strings(lang);
  const body = `<h1 class="${cls('h1')}">${esc(t.embeddedHistory)}</h1>
<section class="${cls('play')}"><button type="button" class="${cls('bet-button')}" data-action="bet" data-game="roulette-european">${esc(t.spinEuropean)}</button></section>
<p class="${cls('message')}" data-role="message" role="status"></p>
<iframe class="${cls('frame')}" src="/embed/history/frame?lang=${lang}" title="${esc(t.betHistory)}" name="history"></iframe>`;
  return shell({ lang, title: t.embeddedHistory, page: 'embed', self, state, body });
}

/**
 * European roulette in a frame the page builds itself: an about:blank iframe that the page script
 * fills with the game page's HTML through document.open(), write() and close(), as some casinos
 * build their game frames (page-script.ts writeGameFrame). document.open() erases every event
 * listener of the frame's document and window: the content script must listen again to see a bet
 * there (test/attack/red8-reopened-frame.test.ts).
 */
export function reopenedPage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  const t = strings(lang);
  const body = `<h1 class="${cls('h1')}">${esc(t.games['roulette-european'])}</h1>
<iframe class="${cls('frame')}" name="game" data-src="/casino/roulette?variant=european&amp;lang=${lang}" title="${esc(t.games['roulette-european'])}"></iframe>`;
  return shell({ lang, title: t.games['roulette-european'], page: 'reopened', self, state, body });
}

/**
 * The embedded history in a frame of the page's own making (srcdoc: about:srcdoc, no address of
 * its own): read only because the extension asks for the about:blank and srcdoc frames of the
 * casino's pages (manifest match_about_blank), where an input would otherwise go unseen.
 */
export function srcdocPage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  const t = strings(lang);
  const inner = `<!doctype html><html lang="${lang}"><body data-page="srcdoc"><h2>${esc(t.betHistory)}</h2>${historySlot(state, lang, 'text')}</body></html>`;
  const body = `<h1 class="${cls('h1')}">${esc(t.embeddedHistory)}</h1>
<iframe class="${cls('frame')}" srcdoc="${esc(inner)}" title="${esc(t.betHistory)}" name="history-srcdoc"></iframe>`;
  return shell({ lang, title: t.embeddedHistory, page: 'embed', self, state, body });
}

export function framePage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  const t = strings(lang);
  const body = `<h2 class="${cls('h2')}">${esc(t.betHistory)}</h2>\n${historySlot(state, lang, 'text')}`;
  return shell({ lang, title: t.betHistory, page: 'frame', self, state, body, bare: true });
}

/** A history by column, which the scanner cannot group into rounds (ungrouped-page.ts). */
export function ungroupedPage(state: CasinoSnapshot, lang: Lang, self: URL): string {
  return shell({ lang, title: strings(lang).betHistory, page: 'history', self, state, body: ungroupedBody(lang) });
}

function historySlot(state: CasinoSnapshot, lang: Lang, layout: HistoryLayout): string {
  return `<div class="${cls(`history-${layout}`)}" data-slot="history" data-layout="${layout}">${renderHistory(showHistory(state.rounds, 'page'), lang, layout)}</div>`;
}

/**
 * The active seed pair, shown before any bet. Three structures in one panel: a label element
 * followed by a value element (commitment), label + input (client seed: the input's value is
 * the seed), and "Label: value" text (nonce).
 */
function seedPairPanel(state: CasinoSnapshot, lang: Lang): string {
  const t = strings(lang);
  const pair = showPanel(state);
  // No panel (a cheat hides it): an empty slot, so the page script can swap the panel in later.
  if (pair === null) return `<section class="${cls('seed-pair')}" data-slot="seed-pair" data-panel="none" hidden></section>`;
  return `<section class="${cls('seed-pair')}" data-slot="seed-pair" aria-labelledby="seed-pair-title">
<h2 class="${cls('h2')}" id="seed-pair-title">${esc(t.activeSeedPair)}</h2>
<div class="${cls('field')}"><span class="${cls('field-label')}">${esc(t.seedPanelCommitment)}</span><span class="${cls('field-value')}" title="${esc(pair.commitment)}" data-full-value="${esc(pair.commitment)}">${esc(truncate(pair.commitment))}</span></div>
<div class="${cls('field')}"><label class="${cls('field-label')}" for="client-seed">${esc(t.clientSeed)}</label><input class="${cls('input')}" id="client-seed" name="clientSeed" value="${esc(pair.clientSeed)}" maxlength="64" autocomplete="off" spellcheck="false"><button type="button" class="${cls('small-button')}" data-action="set-client-seed">${esc(t.setClientSeed)}</button></div>
<p class="${cls('field')}">${esc(t.nonce)}: ${pair.nonce}</p>
<button type="button" class="${cls('small-button')}" data-action="rotate">${esc(t.rotate)}</button>
</section>`;
}

/**
 * 'several-commitments': the other commitments, each with the panel's client seed and nonce, in
 * hidden markup beside the panel (not inside it: the panel stays one group of values for the
 * scanner). An empty hidden slot otherwise.
 */
function alternativesSlot(state: CasinoSnapshot, lang: Lang): string {
  const t = strings(lang);
  const entry = (pair: ShownSeedPair) =>
    `<div class="${cls('alternative')}"><span class="${cls('field-label')}">${esc(t.seedPanelCommitment)}</span><span class="${cls('field-value')}" title="${esc(pair.commitment)}" data-full-value="${esc(pair.commitment)}">${esc(truncate(pair.commitment))}</span><span class="${cls('field-label')}">${esc(t.clientSeed)}</span><span class="${cls('field-value')}">${esc(pair.clientSeed)}</span><p class="${cls('field')}">${esc(t.nonce)}: ${pair.nonce}</p></div>`;
  return `<div class="${cls('alternatives')}" data-slot="seed-pair-alternatives" hidden>${showAlternatives(state).map(entry).join('')}</div>`;
}

/** Plays `count` rounds on one click (one after the other, each as the bet button does). */
function autoBetButton(lang: Lang, game: GameId, count = 5): string {
  return `<button type="button" class="${cls('small-button')}" data-action="auto-bet" data-game="${game}" data-count="${count}">${esc(strings(lang).autoBet(count))}</button>`;
}

/** The bet form's stake (the page script sends it with the bet; the server's default is the same 1.00). */
function stakeInput(lang: Lang): string {
  const t = strings(lang);
  return `<div class="${cls('field')}"><label class="${cls('field-label')}" for="stake">${esc(t.listStake)}</label><input class="${cls('input')}" id="stake" name="stake" value="1.00" inputmode="decimal" maxlength="10" autocomplete="off"></div>`;
}

function kenoControls(lang: Lang): string {
  const t = strings(lang);
  const board = Array.from({ length: 40 }, (_, i) => `<button type="button" class="${cls('cell')}" data-number="${i + 1}" aria-pressed="false">${i + 1}</button>`).join('');
  return `<section class="${cls('play')}">
<h2 class="${cls('h2')}">${esc(t.board)}</h2>
<div class="${cls('board')}" data-role="keno-board" role="group" aria-label="${esc(t.board)}">${board}</div>
<button type="button" class="${cls('small-button')}" data-action="quick-pick">${esc(t.quickPick)}</button>
<button type="button" class="${cls('small-button')}" data-action="clear">${esc(t.clear)}</button>
${stakeInput(lang)}
<button type="button" class="${cls('bet-button')}" data-action="bet" data-game="keno">${esc(t.placeBet)}</button>
${autoBetButton(lang, 'keno')}
</section>`;
}

/** The latest round of this game, big, without fairness labels (it is not a history entry); its stake and payout. */
function lastResult(state: CasinoSnapshot, lang: Lang, game: GameId): string {
  const t = strings(lang);
  const last = [...state.rounds].reverse().find((round) => round.game === game && !round.held);
  let content = `<p>${esc(t.noResult)}</p>`;
  if (last) {
    const shown = showRound(last, 'page');
    if (Array.isArray(shown.outcome)) {
      const picks = new Set(shown.picks ?? []);
      const hits = new Set(shown.outcome.filter((n) => picks.has(n)));
      content = `<div class="${cls('big-chips')}">${chips(shown.outcome, hits)}</div><p>${esc(t.matched(hits.size, picks.size))}</p>`;
    } else {
      content = `<div class="${cls('big-number')}">${rouletteChip(shown.outcome)}</div>`;
    }
    // What the bet paid, with the same words as the history (it names no round: no seed, nonce or outcome label).
    const pair = (label: string, value: string) => `<div class="${cls('pair')}"><dt class="${cls('label')}">${esc(label)}</dt><dd class="${cls('value')}">${esc(value)}</dd></div>`;
    content += `<dl class="${cls('last-amounts')}">${pair(t.listStake, t.money.list(t.decimal(shown.stake)))}${pair(t.listPayout, t.money.list(t.decimal(shown.payout)))}${pair(t.listMultiplier, `${t.decimal(shown.multiplier)}×`)}</dl>`;
  }
  return `<section class="${cls('last-result')}" data-slot="last-result"${last ? ` data-last-round-id="${last.id}"` : ''}><h2 class="${cls('h2')}">${esc(t.lastResult)}</h2>${content}</section>`;
}
