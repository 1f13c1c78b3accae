// Every word the pages show, in English and German. The fairness labels are the ones in
// docs/design.md's capture table; the three history layouts use different synonyms on purpose, so the
// scanner meets each spelling it claims to support.
import type { GameId } from './fairness.js';

export type Lang = 'en' | 'de';

export function parseLang(value: string | null): Lang {
  return value === 'de' ? 'de' : 'en';
}

const en = {
  // Fairness labels, game page (dt/dd) and seed panel.
  game: 'Game',
  hashedServerSeed: 'Hashed Server Seed',
  serverSeed: 'Server Seed',
  clientSeed: 'Client Seed',
  nonce: 'Nonce',
  roundSignature: 'Round Signature',
  winningNumber: 'Winning Number',
  drawnNumbers: 'Drawn Numbers',
  yourPicks: 'Your Picks',
  seedPanelCommitment: 'Server Seed Hash',
  // Synonyms, history page (th/td).
  tableCommitment: 'Commitment',
  tableServerSeed: 'Revealed Server Seed',
  tableResult: 'Result',
  tablePicks: 'Selected Numbers',
  // Synonyms, framed history ("Label: value" text).
  textCommitment: 'Server Seed Hash',
  textServerSeed: 'Server seed (revealed)',
  textDraw: 'Hits',
  // What a bet paid: one set of synonyms per layout (list, table, text), as for the fairness labels.
  listStake: 'Bet Amount',
  listPayout: 'Payout',
  listMultiplier: 'Multiplier',
  tableStake: 'Stake',
  tablePayout: 'Win',
  tableMultiplier: 'Payout Multiplier',
  textStake: 'Bet',
  textPayout: 'Winnings',
  textMultiplier: 'Multiplier',
  /** Decimal text ("1234.50") as this language writes it ("1,234.50"). */
  decimal: (text: string) => groupDecimal(text, ',', '.'),
  money: { list: (amount: string) => `$${amount}`, table: (amount: string) => `${amount} USD` },
  rouletteBet: 'Your bet: Red, pays 1:1',
  // Everything else.
  games: { 'roulette-european': 'European Roulette', 'roulette-american': 'American Roulette', keno: 'Keno' } as Record<GameId, string>,
  lobby: 'Lobby',
  lobbyIntro: 'Cloudbet Originals — provably fair. Pick a game:',
  betHistory: 'Bet history',
  fullHistory: 'Full bet history',
  embeddedHistory: 'Bet history (embedded frame)',
  activeSeedPair: 'Active seed pair',
  setClientSeed: 'Set client seed',
  rotate: 'Rotate seed pair',
  spin: 'Spin',
  placeBet: 'Place bet',
  quickPick: 'Quick pick',
  clear: 'Clear',
  board: 'Board',
  lastResult: 'Last result',
  noResult: 'No bet yet.',
  noBets: 'No bets yet.',
  pending: 'Verifiable after you rotate the seed pair.',
  bet: 'Bet',
  matched: (hits: number, picks: number) => `${hits} of ${picks} picks matched`,
  language: 'Deutsch',
  spinEuropean: 'Spin European roulette here',
  autoBet: (count: number) => `Auto bet ×${count}`,
  hideSeedPair: 'Hide seed pair',
  showSeedPair: 'Show seed pair',
};

export type Strings = typeof en;

const de: Strings = {
  game: 'Spiel',
  hashedServerSeed: 'Gehashter Server-Seed',
  serverSeed: 'Offengelegter Server-Seed',
  clientSeed: 'Client-Seed',
  nonce: 'Nonce',
  roundSignature: 'Rundensignatur',
  winningNumber: 'Gewinnzahl',
  drawnNumbers: 'Gezogene Zahlen',
  yourPicks: 'Deine Auswahl',
  seedPanelCommitment: 'Gehashter Server-Seed',
  tableCommitment: 'Commitment',
  tableServerSeed: 'Offengelegter Server-Seed',
  tableResult: 'Ergebnis',
  tablePicks: 'Gewählte Zahlen',
  textCommitment: 'Server-Seed-Hash',
  textServerSeed: 'Server-Seed',
  textDraw: 'Ziehung',
  listStake: 'Einsatz',
  listPayout: 'Auszahlung',
  listMultiplier: 'Multiplikator',
  tableStake: 'Einsatz',
  tablePayout: 'Gewinn',
  tableMultiplier: 'Multiplikator',
  textStake: 'Einsatz',
  textPayout: 'Gewinn',
  textMultiplier: 'Multiplikator',
  decimal: (text) => groupDecimal(text, '.', ','),
  money: { list: (amount) => `${amount} €`, table: (amount) => `${amount} EUR` },
  rouletteBet: 'Deine Wette: Rot, zahlt 1:1',
  games: { 'roulette-european': 'Europäisches Roulette', 'roulette-american': 'Amerikanisches Roulette', keno: 'Keno' },
  lobby: 'Lobby',
  lobbyIntro: 'Cloudbet Originals — nachweisbar fair. Wähle ein Spiel:',
  betHistory: 'Wettverlauf',
  fullHistory: 'Gesamter Wettverlauf',
  embeddedHistory: 'Wettverlauf (eingebetteter Frame)',
  activeSeedPair: 'Aktives Seed-Paar',
  setClientSeed: 'Client-Seed setzen',
  rotate: 'Seed-Paar wechseln',
  spin: 'Drehen',
  placeBet: 'Wette platzieren',
  quickPick: 'Zufallsauswahl',
  clear: 'Leeren',
  board: 'Spielfeld',
  lastResult: 'Letztes Ergebnis',
  noResult: 'Noch keine Wette.',
  noBets: 'Noch keine Wetten.',
  pending: 'Überprüfbar, sobald du das Seed-Paar wechselst.',
  bet: 'Wette',
  matched: (hits, picks) => `${hits} von ${picks} Zahlen getroffen`,
  language: 'English',
  spinEuropean: 'Hier Europäisches Roulette drehen',
  autoBet: (count) => `Autowette ×${count}`,
  hideSeedPair: 'Seed-Paar ausblenden',
  showSeedPair: 'Seed-Paar einblenden',
};

function groupDecimal(text: string, group: string, point: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return fraction === undefined ? grouped : `${grouped}${point}${fraction}`;
}

export function strings(lang: Lang): Strings {
  return lang === 'de' ? de : en;
}
