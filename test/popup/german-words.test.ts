// Everything the popup says about rounds, findings, imports, storage and the self-test, rendered
// with the German translator: no English sentence may be left. The core, the worker and the games
// send codes; every text below is worded from src/_locales/de, and a heuristic on English function
// words finds any sentence that came through in English (the CLI's words, a parser's reason…).
import { describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import {
  nobleBackend,
  runSelfTest,
  verifyRound,
  WITNESS_REASONS,
  type ClaimProblem,
  type FailedStep,
  type Finding,
  type FindingKind,
  type HashBackend,
  type ProblemCode,
  type VerdictStatus,
} from '../../src/core/index.js';
import { findingSentence } from '../../src/popup/finding-text.js';
import { translatorFrom, type LocaleEntry, type Translate } from '../../src/ui/i18n.js';
import type { ImportFileProblem } from '../../src/popup/import-file.js';
import { importProblemText, importRefusalText, sealBreakText } from '../../src/popup/import-result.js';
import type { ChainBreak } from '../../src/core/export-seal.js';
import { gameLabel, levelLabel, levelReasonText, statusLabel, storageProblemText, workerErrorText } from '../../src/ui/labels.js';
import { problemSentence } from '../../src/popup/problem-text.js';
import { rowSentence } from '../../src/popup/round-row.js';
import { selfTestCheckText } from '../../src/popup/self-test-text.js';
import { WorkerError } from '../../src/ui/worker-client.js';
import type { ImportRefusal } from '../../src/shared/messages.js';
import type { RoundRow, StorageProblem } from '../../src/shared/records.js';

const german = translatorFrom(de as Record<string, LocaleEntry>);
const english = translatorFrom(en as Record<string, LocaleEntry>);

/** Names and terms the casino itself shows, or that are names: taken out before the words are looked at. */
const NAMES = ['Fair Witness', 'fair-witness', 'Server Seed', 'Client Seed', 'Seed', 'Nonce', 'Commitment', 'Keno', 'Roulette', 'Cloudbet', 'SHA3-256', 'SHAKE256', 'JSON', 'Mines'];

/**
 * English words that are not also German words ("was", "will", "so", "an", "die", "also" are both,
 * so they are not listed): one of them in a German sentence is English left over.
 */
const ENGLISH = new Set(
  'the is are be been not and of to with it its this that for from has have by or your you which does cannot can could would should shown round rounds missing must number numbers file only than their there after before when while never more given got'.split(' '),
);

/** The English words of `text`, once the names are taken out. */
function englishWords(text: string): string[] {
  let rest = text;
  for (const name of NAMES) rest = rest.replaceAll(name, ' ');
  return rest
    .toLowerCase()
    .split(/[^a-zäöüß]+/)
    .filter((word) => ENGLISH.has(word));
}

const HEX = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const row = (fields: Partial<RoundRow>): RoundRow => ({ key: 'k', game: 'Keno', gameId: 'keno', status: 'verified', updatedAt: 0, ...fields });

/** Rounds the core really judges invalid, one per way a round can be wrong (their problems are the codes). */
function realProblems(): ClaimProblem[] {
  const good = { game: 'keno', serverSeed: 'seed', clientSeed: 'client', nonce: 1, commitment: nobleBackend.sha3_256Hex('seed') };
  const drawn = verifyRound({ ...good, result: undefined }).expected;
  let deep: unknown = '17';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const inputs: unknown[] = [
    'not a round',
    { nonce: 1 },
    { game: 'Blackjack' },
    { ...good, serverSeed: 5 },
    { ...good, serverSeed: '' },
    { ...good, serverSeed: 'x'.repeat(100_000) },
    { ...good, serverSeed: '3f2a…9c1e' },
    { ...good, serverSeed: 'seed\uD800' },
    { ...good, serverSeed: 'seed\u0007' },
    { ...good, commitment: 'xyz' },
    { ...good, nonce: 2 ** 60 },
    { ...good, nonce: -1 },
    { ...good, observedAt: 5 },
    { ...good, observedAt: { result: -1 } },
    { ...good, result: 5 },
    { ...good, result: ['x', 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { ...good, result: [41, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { ...good, result: [1, 2, 3] },
    { ...good, result: [1, 1, 3, 4, 5, 6, 7, 8, 9, 10] },
    { ...good, game: 'roulette-european', result: 2.5 },
    { ...good, game: 'roulette-european', result: { no: 1 } },
    { ...good, game: 'roulette-european', result: 'seventeen' },
    { ...good, game: 'roulette-european', result: '00' },
    { ...good, game: 'roulette-european', result: '40' },
    { ...good, game: 'roulette-european', result: deep },
    { ...good, commitment: undefined, result: drawn },
    { ...good, result: undefined },
    { ...good, serverSeed: undefined, result: undefined },
    { ...good, clientSeed: undefined },
    { ...good, serverSeed: undefined, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { ...good, game: 'Mines' },
  ];
  return inputs.flatMap((input) => verifyRound(input).problems ?? []);
}

/** Every code of the core: a new one fails to compile here until it is listed (and worded). */
const PROBLEM_CODES: Record<ProblemCode, true> = {
  'not-object': true,
  missing: true,
  'unknown-game': true,
  'not-text': true,
  empty: true,
  'too-long': true,
  truncated: true,
  'broken-unicode': true,
  'control-character': true,
  'not-hex': true,
  'nonce-inexact': true,
  'not-whole-number': true,
  unreadable: true,
  'not-times': true,
  'result-not-list': true,
  'result-not-number': true,
  'result-off-board': true,
  'result-off-wheel': true,
  'result-count': true,
  'result-repeated': true,
  'result-not-whole': true,
  'result-not-text': true,
  'result-not-winning-number': true,
  'result-no-double-zero': true,
  'result-too-deep': true,
  'commitment-missing': true,
  'result-missing': true,
  'not-revealed': true,
  'no-algorithm': true,
};
const FAILED_STEPS: Record<FailedStep, true> = { commitment: true, signature: true, outcome: true, witness: true, nonce: true };
const STATUSES: Record<VerdictStatus, true> = { verified: true, pending: true, mismatch: true, unsupported: true, invalid: true };
const FINDING_KINDS: Record<FindingKind, true> = {
  'nonce-gap': true,
  'nonce-repeat': true,
  'nonce-conflict': true,
  'client-seed-changed': true,
  'server-seed-reused': true,
  'several-commitments': true,
  'seed-conflict': true,
  'file-disagrees': true,
};
const STORAGE_PROBLEMS: Record<StorageProblem['kind'], StorageProblem> = {
  quota: { kind: 'quota' },
  blocked: { kind: 'blocked' },
  closed: { kind: 'closed' },
  'newer-version': { kind: 'newer-version', databaseVersion: 7 },
  failed: { kind: 'failed', detail: 'UnknownError' },
};
const IMPORT_REFUSALS: ImportRefusal[] = [
  { code: 'not-object' },
  { code: 'game-missing' },
  { code: 'field', field: 'nonce', issue: 'form' },
  { code: 'field', field: 'serverSeed', issue: 'type' },
  { code: 'field', field: 'clientSeed', issue: 'too-long', limit: 256 },
  { code: 'field', field: 'picks', issue: 'too-many', limit: 40 },
  { code: 'field', field: 'conflictingResults.2', issue: 'type' },
  { code: 'no-round' },
  { code: 'store-full' },
  { code: 'captured', differs: ['result', 'game'], fills: ['serverSeed', 'stake'] },
];
const IMPORT_PROBLEMS: Record<ImportFileProblem['kind'], ImportFileProblem[]> = {
  'too-big': [{ kind: 'too-big', bytes: 2e9, limit: 1e9 }],
  'not-json': [{ kind: 'not-json', line: 3, column: 14 }, { kind: 'not-json' }],
  'wrong-format': [
    { kind: 'wrong-format', found: 'list' },
    { kind: 'wrong-format', found: { format: 'other-tool' } },
  ],
  'wrong-version': [{ kind: 'wrong-version', found: '9' }],
  'envelope-late': [{ kind: 'envelope-late' }],
  'round-too-long': [{ kind: 'round-too-long', round: 4, limit: 65536 }],
  'member-too-long': [{ kind: 'member-too-long', limit: 65536 }],
  empty: [{ kind: 'empty' }],
};

const SEAL_BREAKS: ChainBreak[] = [
  { kind: 'edited', position: 3, index: 2 },
  { kind: 'missing', index: 3, to: 5 },
  { kind: 'out-of-order', position: 7, index: 1 },
  { kind: 'duplicated', position: 8, index: 1 },
  { kind: 'added', position: 9 },
  { kind: 'count', sealed: 10, found: 9 },
  { kind: 'chain' },
];

/** A finding of each kind, with every field its sentence may use. */
function findings(): Finding[] {
  return Object.keys(FINDING_KINDS).map((kind) => ({
    kind: kind as FindingKind,
    severity: 'finding',
    commitment: HEX,
    clientSeed: 'lucky-7',
    nonces: kind === 'nonce-gap' ? ['5–7', '9'] : ['8'],
    commitments: [HEX, OTHER],
    serverSeeds: ['s1', 's2'],
    fields: ['result'],
    message: 'The core writes this sentence for the command line.',
  }));
}

/** Every sentence of the kinds the brief lists, in the language of `t`, labelled for the failure message. */
function everything(t: Translate): [string, string][] {
  const all: [string, string][] = [];
  const add = (label: string, text: string) => all.push([label, text]);
  for (const step of Object.keys(FAILED_STEPS) as FailedStep[]) {
    add(`failure ${step}`, rowSentence(row({ status: 'mismatch', failures: [{ step, expected: HEX, shown: OTHER }] }), t));
  }
  for (const status of Object.keys(STATUSES) as VerdictStatus[]) {
    add(`status ${status}`, statusLabel(t, status));
    add(`row ${status}`, rowSentence(row({ status, expected: '3 5 6 7 15 19 21 22 28 29', failures: [{ step: 'outcome', expected: '1', shown: '2' }] }), t));
  }
  add('row invalid with its problems', rowSentence(row({ status: 'invalid', problems: realProblems().slice(0, 3) }), t));
  for (const problem of realProblems()) add(`problem ${problem.code} (${problem.field})`, problemSentence(problem, t));
  add('problem unreadable', problemSentence({ field: 'round', code: 'unreadable', value: 'TypeError', text: 'round: could not be read' }, t));
  for (const level of ['witnessed', 'history'] as const) add(`level ${level}`, levelLabel(t, level));
  for (const reason of WITNESS_REASONS) add(`level reason ${reason}`, levelReasonText(t, reason));
  for (const finding of findings()) add(`finding ${finding.kind}`, findingSentence(finding, t));
  add('finding of an unknown kind', findingSentence({ ...findings()[0]!, kind: 'from-the-future' as FindingKind }, t));
  for (const refusal of IMPORT_REFUSALS) add(`import refusal ${refusal.code}`, t('importRefusedRound', [3, importRefusalText(t, refusal)]));
  for (const problems of Object.values(IMPORT_PROBLEMS)) for (const problem of problems) add(`import problem ${problem.kind}`, importProblemText(t, problem));
  for (const found of SEAL_BREAKS) add(`seal break ${found.kind}`, sealBreakText(t, found));
  for (const key of ['importSealOther', 'importSealChanged', 'importSealMissing', 'importSealBroken']) add(key, t(key));
  add('importSealRestored', t('importSealRestored', '12'));
  add('importSealMalformed', t('importSealMalformed', 'mac'));
  for (const problem of Object.values(STORAGE_PROBLEMS)) add(`storage problem ${problem.kind}`, t('storageProblem', storageProblemText(t, problem)));
  add('worker gave no answer', workerErrorText(t, new WorkerError('no usable answer', undefined, true)));
  add('worker storage failure', workerErrorText(t, new WorkerError('quota exceeded', { kind: 'quota' })));
  const zeroStream: HashBackend = { ...nobleBackend, name: 'zeros', shake256: () => ({ read: (count) => new Uint8Array(count) }) };
  for (const check of runSelfTest(zeroStream).filter((each) => !each.ok)) add(`self-test ${check.kind} ${check.round ?? ''} ${check.game}`, selfTestCheckText(t, check));
  add('self-test check of an older version', selfTestCheckText(t, { name: 'reference round 1, keno', ok: false, detail: 'mismatch: the seeds give 1' }));
  for (const game of ['roulette-european', 'roulette-american', 'keno']) add(`game ${game}`, gameLabel(t, game));
  return all;
}

describe('the German popup has no English left', () => {
  test('the rounds judged invalid produce every problem code of the core (but one no input reaches)', () => {
    const produced = new Set(realProblems().map((problem) => problem.code));
    const unreachable = ['unreadable'];
    expect([...produced].sort()).toEqual(Object.keys(PROBLEM_CODES).filter((code) => !unreachable.includes(code)).sort());
  });

  test('every failure, row, problem, level, finding, import refusal, storage problem and self-test failure is German', () => {
    const sentences = everything(german);
    expect(sentences.length).toBeGreaterThan(90);
    const left = sentences.filter(([, text]) => englishWords(text).length > 0).map(([label, text]) => `${label}: ${text} [${englishWords(text).join(', ')}]`);
    expect(left).toEqual([]);
    for (const [label, text] of sentences) {
      expect(text, label).not.toMatch(/\$|^[a-z]+[A-Z]\w*$/);
      expect(text.trim(), label).not.toBe('');
    }
  });

  test('the same heuristic finds the English of the English popup: it can tell', () => {
    const sentences = everything(english).filter(([, text]) => text.split(' ').length >= 5);
    const found = sentences.filter(([, text]) => englishWords(text).length > 0);
    expect(sentences.length).toBeGreaterThan(60);
    expect(found.length / sentences.length).toBeGreaterThan(0.95);
  });
});
