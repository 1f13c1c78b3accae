import { describe, expect, it } from 'vitest';
import { findGameInText, labelKey, matchGameName, matchLabel } from '../../../src/capture/readers/labels.js';
import { SUPPORTED_GAMES } from '../../../src/core/index.js';

const LABELS: [string, string][] = [
  // English
  ['Game', 'game'],
  ['Server Seed', 'serverSeed'],
  ['Revealed Server Seed', 'serverSeed'],
  ['Server seed (revealed)', 'serverSeed'],
  ['🔒 Server Seed (revealed after the game):', 'serverSeed'],
  ['Commitment', 'commitment'],
  ['📝 Commitment (shown before the game):', 'commitment'],
  ['Hashed Server Seed', 'commitment'],
  ['Server Seed Hash', 'commitment'],
  ['Server Seed (hashed)', 'commitment'],
  ['Active Server Seed (Hashed)', 'commitment'],
  ['Client Seed', 'clientSeed'],
  ['Active Client Seed', 'clientSeed'],
  ['Nonce', 'nonce'],
  ['Next Nonce', 'nonce'],
  ['Round Signature', 'roundSignature'],
  ['🔁 Round Signature (can be verified after the game):', 'roundSignature'],
  ['Winning Number', 'result'],
  ['Result', 'result'],
  ['Drawn Numbers', 'result'],
  ['Hits', 'result'],
  ['Your Picks', 'picks'],
  ['Selected Numbers', 'picks'],
  // German
  ['Spiel', 'game'],
  ['Server-Seed', 'serverSeed'],
  ['Offengelegter Server-Seed', 'serverSeed'],
  ['Gehashter Server-Seed', 'commitment'],
  ['Server-Seed-Hash', 'commitment'],
  ['Client-Seed', 'clientSeed'],
  ['Nächste Nonce', 'nonce'],
  ['Rundensignatur', 'roundSignature'],
  ['Gewinnzahl', 'result'],
  ['Ergebnis', 'result'],
  ['Gezogene Zahlen', 'result'],
  ['Ziehung', 'result'],
  ['Deine Auswahl', 'picks'],
  ['Gewählte Zahlen', 'picks'],
];

describe('matchLabel', () => {
  it.each(LABELS)('%s → %s', (label, field) => {
    expect(matchLabel(label)?.field).toBe(field);
  });

  it.each(LABELS)('ignores case, spacing and punctuation: %s', (label, field) => {
    expect(matchLabel(`  ${label.toUpperCase()} : `)?.field).toBe(field);
    expect(matchLabel(label.toLowerCase().replace(/[\s-]+/g, '_'))?.field).toBe(field);
  });

  it('accepts a trailing colon and surrounding symbols', () => {
    expect(matchLabel('Server Seed:')?.field).toBe('serverSeed');
    expect(matchLabel('🔢 Nonce:')?.field).toBe('nonce');
    expect(matchLabel('Server‑Seed')?.field).toBe('serverSeed'); // non-breaking hyphen
  });

  it('does not match a label with extra words, which could change its meaning', () => {
    expect(matchLabel('Next Server Seed (hashed)')).toBeUndefined();
    expect(matchLabel('Server Seed (next)')).toBeUndefined();
    expect(matchLabel('Previous Client Seed Nonce')).toBeUndefined();
    expect(matchLabel('Nonce 5')).toBeUndefined();
    expect(matchLabel('Resultate')).toBeUndefined();
    expect(matchLabel('Seed')).toBeUndefined();
    expect(matchLabel('')).toBeUndefined();
  });

  it('a hashed server seed is the commitment, never the server seed', () => {
    for (const label of ['Server Seed (hashed)', 'Hashed Server Seed', 'Server-Seed (gehasht)', 'Gehashter Server-Seed']) {
      expect(matchLabel(label)?.field).toBe('commitment');
    }
  });

  it('keno and american wordings carry a game hint', () => {
    expect(matchLabel('Hits')?.gameHint).toBe('Keno');
    expect(matchLabel('Gezogene Zahlen')?.gameHint).toBe('Keno');
    expect(matchLabel('🎯 Winning Number (in the american version):')?.gameHint).toBe('American Roulette');
    expect(matchLabel('Winning Number (in the european version)')?.gameHint).toBe('European Roulette');
    expect(matchLabel('Result')?.gameHint).toBeUndefined();
  });

  it('rejects long texts quickly', () => {
    expect(matchLabel('Server Seed '.repeat(100))).toBeUndefined();
  });
});

describe('game names', () => {
  it.each([
    ['Roulette', 'European Roulette'],
    ['european-roulette', 'European Roulette'],
    ['European Roulette', 'European Roulette'],
    ['Europäisches Roulette', 'European Roulette'],
    ['American Roulette', 'American Roulette'],
    ['Amerikanisches Roulette', 'American Roulette'],
    ['Keno', 'Keno'],
    ['KENO', 'Keno'],
    ['Cloudbet Keno', 'Keno'],
    ['Mines', 'Mines'],
    ['Pump', 'Pump'],
    ['Plinko', 'Plinko'],
    ['Dice', 'Dice'],
    ['Golden Ticket', 'Golden Ticket'],
    ['Dice: Golden Ticket', 'Golden Ticket'],
    ['Limbo', 'Limbo'],
  ])('%s is the game %s', (name, game) => {
    expect(matchGameName(name)).toBe(game);
  });

  it('knows every verified game by each name the core knows it by, as the one name the core calls it (a slot names its game so)', () => {
    for (const game of SUPPORTED_GAMES) for (const name of [game.label, game.id, ...game.names, ...game.cli.names]) expect(matchGameName(name), name).toBe(game.label);
  });

  it('does not take other words for a game', () => {
    expect(matchGameName('Blackjack')).toBeUndefined();
    expect(matchGameName('Keno rules')).toBeUndefined();
  });

  it('finds the longest game name in a heading', () => {
    expect(findGameInText('Keno – round details')).toBe('Keno');
    expect(findGameInText('American Roulette: bet history')).toBe('American Roulette');
    expect(findGameInText('Europäisches Roulette – Verlauf')).toBe('European Roulette');
    expect(findGameInText('Provably Fair Dice: Golden Ticket')).toBe('Golden Ticket');
    expect(findGameInText('Bet history')).toBeUndefined();
  });

  it('folds case, accents and punctuation into one key', () => {
    expect(labelKey('Server-Seed (offengelegt):')).toBe('serverseedoffengelegt');
    expect(labelKey('Gewählte Zahlen')).toBe('gewahltezahlen');
  });
});

describe('matchLabel: what a bet paid', () => {
  it.each([
    ['Stake', 'stake'],
    ['Bet', 'stake'],
    ['Bet Amount', 'stake'],
    ['Einsatz', 'stake'],
    ['Payout', 'payout'],
    ['Win', 'payout'],
    ['Winnings', 'payout'],
    ['Auszahlung', 'payout'],
    ['Gewinn', 'payout'],
    ['Multiplier', 'multiplier'],
    ['Payout Multiplier', 'multiplier'],
    ['Multiplikator', 'multiplier'],
  ])('%s → %s, with case, colon and spacing folded', (label, field) => {
    expect(matchLabel(label)?.field).toBe(field);
    expect(matchLabel(` ${label.toUpperCase()}: `)?.field).toBe(field);
  });

  it('takes no longer wording for an amount, and keeps "Gewinnzahl" the winning number', () => {
    for (const text of ['Bet history', 'Bet #3', 'Place bet', 'Max Win', 'Profit', 'Nettogewinn', 'Win Chance']) expect(matchLabel(text)).toBeUndefined();
    expect(matchLabel('Gewinnzahl')?.field).toBe('result');
  });
});
