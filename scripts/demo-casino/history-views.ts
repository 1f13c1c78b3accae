// The three layouts a round's fairness details appear in. Each round is one container element
// with data-round-id; inside it, label → value pairs in one of the structures the scanner reads
// (docs/design.md, "What capture reads"): dt/dd on game pages, th/td rows on the history page, "Label: value"
// text in the framed history. Long hex is truncated on screen with the full value in an attribute,
// except in the text layout, which has no element of its own per value and so shows it whole.
import type { Lang } from './i18n.js';
import { strings } from './i18n.js';
import { chips, cls, esc, rouletteChip, truncate } from './markup.js';
import type { ShownRound } from './shown.js';

export type HistoryLayout = 'list' | 'table' | 'text';

export function renderHistory(rounds: readonly ShownRound[], lang: Lang, layout: HistoryLayout): string {
  const t = strings(lang);
  if (rounds.length === 0) return `<p class="${cls('empty')}">${esc(t.noBets)}</p>`;
  const render = layout === 'list' ? listEntry : layout === 'table' ? tableEntry : textEntry;
  return rounds.map((round) => render(round, lang)).join('');
}

function hits(round: ShownRound): Set<number> {
  const picks = new Set(round.picks ?? []);
  return new Set(Array.isArray(round.outcome) ? round.outcome.filter((n) => picks.has(n)) : []);
}

function pendingNote(round: ShownRound, lang: Lang): string {
  return round.serverSeed === null ? `<p class="${cls('pending')}">${esc(strings(lang).pending)}</p>` : '';
}

/** Game pages: <article> with a <dl>; each pair wrapped in a <div>, truncated hex with `title`. */
function listEntry(round: ShownRound, lang: Lang): string {
  const t = strings(lang);
  const row = (label: string, value: string, attrs = '') =>
    `<div class="${cls('pair')}"><dt class="${cls('label')}">${esc(label)}</dt><dd class="${cls('value')}"${attrs}>${value}</dd></div>`;
  const hex = (label: string, value: string) => row(label, esc(truncate(value)), ` title="${esc(value)}"`);
  const rows = [
    row(t.game, esc(t.games[round.game])),
    hex(t.hashedServerSeed, round.commitment),
    round.serverSeed === null ? '' : hex(t.serverSeed, round.serverSeed),
    hex(t.clientSeed, round.clientSeed),
    row(t.nonce, esc(round.nonce)),
    round.roundSignature === null ? '' : hex(t.roundSignature, round.roundSignature),
    ...outcomeRows(round, [t.yourPicks, t.drawnNumbers, t.winningNumber], row),
    row(t.listStake, esc(t.money.list(t.decimal(round.stake)))),
    row(t.listPayout, esc(t.money.list(t.decimal(round.payout)))),
    row(t.listMultiplier, esc(`${t.decimal(round.multiplier)}×`)),
  ];
  return `<article class="${cls('round')}" data-round-id="${round.id}"><h3 class="${cls('round-title')}">${esc(t.bet)} #${round.id}</h3><dl class="${cls('pairs')}">${rows.join('')}</dl>${pendingNote(round, lang)}</article>`;
}

/** History page: <section> holding a two-column table, truncated hex ("...") with data-full-value. */
function tableEntry(round: ShownRound, lang: Lang): string {
  const t = strings(lang);
  const row = (label: string, value: string, attrs = '') =>
    `<tr class="${cls('tr')}"><th scope="row" class="${cls('th')}">${esc(label)}</th><td class="${cls('td')}"${attrs}>${value}</td></tr>`;
  const hex = (label: string, value: string) => row(label, esc(truncate(value, '...')), ` data-full-value="${esc(value)}"`);
  const rows = [
    row(t.game, esc(t.games[round.game])),
    hex(t.tableCommitment, round.commitment),
    round.serverSeed === null ? '' : hex(t.tableServerSeed, round.serverSeed),
    hex(t.clientSeed, round.clientSeed),
    row(t.nonce, esc(round.nonce)),
    round.roundSignature === null ? '' : hex(t.roundSignature, round.roundSignature),
    ...outcomeRows(round, [t.tablePicks, t.drawnNumbers, t.tableResult], row),
    row(t.tableStake, esc(t.money.table(t.decimal(round.stake)))),
    row(t.tablePayout, esc(t.money.table(t.decimal(round.payout)))),
    row(t.tableMultiplier, esc(t.decimal(round.multiplier))),
  ];
  return `<section class="${cls('round-card')}" data-round-id="${round.id}"><h3 class="${cls('round-title')}">${esc(t.bet)} #${round.id}</h3><table class="${cls('table')}"><tbody>${rows.join('')}</tbody></table>${pendingNote(round, lang)}</section>`;
}

/** Framed history: <section> of <p>Label: value</p> lines, full values, numbers comma-separated. */
function textEntry(round: ShownRound, lang: Lang): string {
  const t = strings(lang);
  const line = (label: string, value: string | number) => `<p class="${cls('line')}">${esc(label)}: ${esc(value)}</p>`;
  const lines = [
    line(t.game, t.games[round.game]),
    line(t.textCommitment, round.commitment),
    round.serverSeed === null ? '' : line(t.textServerSeed, round.serverSeed),
    line(t.clientSeed, round.clientSeed),
    line(t.nonce, round.nonce),
    round.roundSignature === null ? '' : line(t.roundSignature, round.roundSignature),
  ];
  if (Array.isArray(round.outcome)) {
    lines.push(line(t.yourPicks, (round.picks ?? []).join(', ')), line(t.textDraw, round.outcome.join(', ')));
  } else {
    lines.push(line(t.winningNumber, round.outcome));
  }
  lines.push(line(t.textStake, t.decimal(round.stake)), line(t.textPayout, t.decimal(round.payout)), line(t.textMultiplier, `x${t.decimal(round.multiplier)}`));
  return `<section class="${cls('round-text')}" data-round-id="${round.id}">${lines.join('')}${pendingNote(round, lang)}</section>`;
}

/** Roulette: one result row. Keno: the player's picks, then the draw, both as chips. */
function outcomeRows(
  round: ShownRound,
  [picksLabel, drawLabel, resultLabel]: [string, string, string],
  row: (label: string, valueHtml: string) => string,
): string[] {
  if (!Array.isArray(round.outcome)) return [row(resultLabel, rouletteChip(round.outcome))];
  return [row(picksLabel, chips(round.picks ?? [], hits(round))), row(drawLabel, chips(round.outcome, hits(round)))];
}
