// @vitest-environment jsdom
// The demo casino's pages in each of the casino's languages that the extension has words for
// (scripts/demo-casino/i18n.ts): each page, scanned with the vocabulary the worker sends for its
// lang (src/shared/vocabularies/), reads every round it shows whole, in all three history layouts,
// and its seed pair panel, so that the end-to-end languages scenario tests the extension, not the
// fixture's spelling. Pages are rendered straight from the state: no server (its esbuild cannot run
// in a jsdom realm).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CasinoState, type Round } from '../../scripts/demo-casino/casino-state.js';
import { strings, type Lang } from '../../scripts/demo-casino/i18n.js';
import { framePage, gamePage, historyPage } from '../../scripts/demo-casino/pages.js';
import { vocabularyFor } from '../../src/shared/vocabularies/vocabulary.js';

const GAME_NAMES = { 'roulette-european': 'European Roulette', 'roulette-american': 'American Roulette', keno: 'Keno' };
const LANGUAGES: Lang[] = ['es', 'fr', 'it', 'hu', 'ja'];
const SELF = new URL('https://www.cloudbet.com/');

let state: CasinoState;
let played: Round[];

beforeAll(() => {
  state = new CasinoState('language-pages-test');
  state.bet('keno', [3, 7, 12, 25, 40]);
  state.bet('roulette-european');
  state.rotate();
  // Pending (no seed yet), a stake that groups its digits in every language.
  state.bet('roulette-american', undefined, '1234.50');
  played = state.snapshot().rounds;
});

/** What the scanner should read of a round: its seeds (the seed once revealed), nonce, outcome and what it paid. */
function expected(round: Round) {
  const outcome = round.displayedOutcome;
  return {
    game: GAME_NAMES[round.game],
    commitment: round.commitment,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    ...(round.revealed ? { serverSeed: round.displayedServerSeed, roundSignature: round.displayedRoundSignature } : {}),
    result: Array.isArray(outcome) ? outcome.join(', ') : String(outcome),
    ...(round.picks ? { picks: round.picks.join(', ') } : {}),
    stake: round.stake,
    payout: round.payout,
    multiplier: round.multiplier,
  };
}

/** The rounds a page shows as the content script sends them (the game by its canonical name: sanitiseFields), a list as one text. */
async function scan(html: string): Promise<Record<string, unknown>[]> {
  vi.resetModules();
  const { addVocabulary } = await import('../../src/capture/readers/labels.js');
  const { scanDocument } = await import('../../src/capture/dom/scanner.js');
  const { sanitiseFields } = await import('../../src/capture/readers/normalise.js');
  const document = new DOMParser().parseFromString(html, 'text/html');
  addVocabulary(vocabularyFor([document.documentElement.lang]));
  return scanDocument(document).map(({ fields }) => {
    const sent: Record<string, unknown> = { ...sanitiseFields(fields, 'dom') };
    for (const field of ['result', 'picks']) if (Array.isArray(sent[field])) sent[field] = (sent[field] as string[]).join(', ');
    return sent;
  });
}

describe.each(LANGUAGES)('demo pages in %s', (lang) => {
  it.each([
    ['keno page (dt/dd)', () => gamePage(state.snapshot(), lang, 'keno', SELF)],
    ['history page (th/td)', () => historyPage(state.snapshot(), lang, SELF)],
    ['framed history ("Label: value")', () => framePage(state.snapshot(), lang, SELF)],
  ])('%s: every round read whole', async (_layout, render) => {
    const rounds = await scan(render());
    for (const round of played) {
      const read = rounds.find((fields) => fields.nonce === String(round.nonce) && fields.commitment === round.commitment && fields.result !== undefined);
      expect(read, `round ${round.id}`).toEqual(expected(round));
    }
  });

  it('game page: the active seed pair panel read (commitment, client seed, next nonce)', async () => {
    const { activeSeedPair } = state.snapshot();
    const rounds = await scan(gamePage(state.snapshot(), lang, 'roulette-european', SELF));
    expect(rounds).toContainEqual(expect.objectContaining({ commitment: activeSeedPair.commitment, clientSeed: activeSeedPair.clientSeed, nonce: String(activeSeedPair.nextNonce) }));
  });

  it('its fairness controls read as such (rotate, set the client seed, hide and show the pair)', async () => {
    vi.resetModules();
    const { addVocabulary, CONTROL_WORDS, labelKey } = await import('../../src/capture/readers/labels.js');
    addVocabulary(vocabularyFor([lang]));
    const t = strings(lang);
    for (const control of [t.rotate, t.setClientSeed, t.hideSeedPair, t.showSeedPair]) expect(CONTROL_WORDS, control).toContain(labelKey(control));
  });
});
