// A history laid out by column rather than by round: the client seeds in one list, the nonces in
// another, the drawn numbers in a third. Every value is labelled, but no element holds one round,
// so the scanner cannot tell which values belong together and forms no round. The capture
// diagnostics must still show these values (by label and shape) and the capture report must name
// them without any value (issue #13). The page also carries a fairness-like value under a key of
// its own in embedded JSON, and one more 64-hex text with no label at all: the report names the
// key and counts the text, and holds neither value. Fixed values: the page plays nothing.
import { createHash } from 'node:crypto';
import { strings, type Lang } from './i18n.js';
import { chips, cls, esc } from './markup.js';

/** The rounds the page shows: a 64-hex client seed, a nonce and ten drawn numbers each. */
export const UNGROUPED_ROUNDS = [1, 2, 3].map((nonce) => {
  const hash = createHash('sha256').update(`ungrouped-${nonce}`).digest();
  const drawn = new Set<number>();
  for (const byte of hash) if (drawn.size < 10) drawn.add((byte % 40) + 1);
  return { clientSeed: createHash('sha256').update(`client-${nonce}`).digest('hex'), nonce: String(40 + nonce), drawn: [...drawn].sort((a, b) => a - b) };
});

/** A 64-hex value under a key capture does not read (embedded JSON), and one shown with no label. */
export const UNGROUPED_EXTRAS = { key: 'srvSeedHashV2', keyed: createHash('sha256').update('ungrouped-keyed').digest('hex'), unlabelled: createHash('sha256').update('ungrouped-unlabelled').digest('hex') };

export function ungroupedBody(lang: Lang): string {
  const t = strings(lang);
  const column = (label: string, value: (round: (typeof UNGROUPED_ROUNDS)[number]) => string) =>
    `<dl class="${cls('column')}">${UNGROUPED_ROUNDS.map((round) => `<div class="${cls('cell')}"><dt>${esc(label)}</dt><dd>${value(round)}</dd></div>`).join('')}</dl>`;
  return `<h1 class="${cls('h1')}">${esc(t.games.keno)} — ${esc(t.betHistory)}</h1>
<div class="${cls('columns')}" data-layout="columns">
${column(t.clientSeed, (round) => esc(round.clientSeed))}
${column(t.nonce, (round) => esc(round.nonce))}
${column(t.drawnNumbers, (round) => chips(round.drawn))}
</div>
<p class="${cls('muted')}"><code>${UNGROUPED_EXTRAS.unlabelled}</code></p>
<script type="application/json" id="layout-data">${JSON.stringify({ layout: 'columns', proof: { [UNGROUPED_EXTRAS.key]: UNGROUPED_EXTRAS.keyed, idx: 1 } })}</script>`;
}
