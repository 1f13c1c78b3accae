// `fair-witness round`: one round by hand. With --commitment and --result it gives the verdict on
// what the casino showed; without --result it is a calculator for the outcome.
import { checkClaim, lookupGame, printable, printableJson, verifyRound, type RoundTrace, type RoundVerdict } from '../core/index.js';
import type { RoundCommand } from './args.js';
import { EXIT_MISMATCH, EXIT_OK, EXIT_UNUSABLE, InputError } from './errors.js';
import { outcomeText } from './format.js';
import { knownGameNames, supportedGameNames } from './game-list.js';
import type { Io } from './io.js';
import { nodeBackend } from './node-hash-backend.js';

/** The claim's field names as options, for messages about them. */
const OPTION_OF: Record<string, string> = {
  game: '--game',
  serverSeed: '--server-seed',
  clientSeed: '--client-seed',
  nonce: '--nonce',
  commitment: '--commitment',
  result: '--result',
};

export function roundCommand(command: RoundCommand, io: Io): number {
  const lookup = lookupGame(command.game);
  if (lookup.kind === 'unknown') {
    throw new InputError(`--game: unknown game "${command.game}"; known: ${knownGameNames()}`);
  }
  if (lookup.kind === 'unsupported') {
    throw new InputError(`--game: ${lookup.id} has no published algorithm, so it cannot be recomputed (supported: ${supportedGameNames()})`);
  }
  const game = lookup.game;
  if (command.nonce.trim() === '') throw new InputError('--nonce: must be a non-negative whole number, got ""');

  const claim = {
    game: game.id,
    serverSeed: command.serverSeed,
    clientSeed: command.clientSeed,
    nonce: command.nonce,
    commitment: command.commitment,
    result: command.result,
  };
  const checked = checkClaim(claim);
  if (!checked.ok) throw new InputError(checked.problems.map((each) => asOption(each.text)).join('; '));

  // verifyRound with the trace on: the same path as `verify`, plus every draw for the reader.
  const verdict = verifyRound(claim, { backend: nodeBackend });
  const trace = verdict.trace;
  if (trace === undefined) throw new Error('round: the core returned no trace for a round with a server seed');
  const hasResult = command.result !== undefined;
  // Without a displayed outcome the only possible failure is the commitment's; the round's
  // "invalid: result missing" is the calculator's normal case, not news.
  const failures = verdict.failures;
  const reasons = hasResult ? verdict.reasons : failures.map((f) => f.message);

  if (command.json) {
    const output = {
      game: game.id,
      commitment: trace.commitment.computed,
      roundSignature: trace.signature.computed,
      outcome: trace.outcome,
      ...(hasResult ? { verdict: verdict.status } : {}),
      ...(verdict.level !== undefined ? { level: verdict.level } : {}),
      failures: failures.map((f) => f.step),
      reasons,
      trace,
    };
    io.stdout.write(`${printableJson(JSON.stringify(output, null, 2))}\n`);
  } else {
    io.stdout.write(humanRound(command, game.label, trace, hasResult ? verdict : undefined, reasons));
  }

  if (failures.length > 0) return EXIT_MISMATCH;
  if (hasResult && verdict.status !== 'verified') return EXIT_UNUSABLE;
  return EXIT_OK;
}

function asOption(problem: string): string {
  const colon = problem.indexOf(':');
  const field = colon < 0 ? '' : problem.slice(0, colon);
  const option = OPTION_OF[field];
  return option === undefined ? problem : `${option}${problem.slice(colon)}`;
}

const LABEL_WIDTH = 17;
const line = (label: string, value: string): string => `${label.padEnd(LABEL_WIDTH)}${printable(value)}\n`;

function humanRound(command: RoundCommand, label: string, trace: RoundTrace, verdict: RoundVerdict | undefined, reasons: string[]): string {
  let text = line('game', label);
  text += line('server seed', JSON.stringify(command.serverSeed));
  text += line('client seed', JSON.stringify(command.clientSeed));
  text += line('nonce', command.nonce.trim());
  text += line('commitment', trace.commitment.computed);
  if (command.commitment !== undefined) {
    const given = command.commitment.toLowerCase();
    text += line('', given === trace.commitment.computed ? 'matches the --commitment given' : `DOES NOT MATCH the --commitment given (${given})`);
  }
  text += line('round signature', trace.signature.computed);
  text += line('outcome', outcomeText(trace.outcome));
  text += drawsText(trace);
  if (verdict !== undefined) {
    const level = verdict.level === 'history' ? ' (level history: nothing here shows the seed was fixed before the bet)' : '';
    text += line('verdict', `${verdict.status}${level}`);
  }
  for (const reason of reasons) text += line('', reason);
  return text;
}

/** Every uint32 taken from SHAKE256(round signature), and what the sampler made of it. */
function drawsText(trace: RoundTrace): string {
  const header = line('draws', 'uint32 (big-endian) of SHAKE256(round signature); kept if < floor(2^32/P)·P, then mod P');
  const rows = trace.draws.map((draw) => {
    const kept = !draw.accepted
      ? 'rejected'
      : draw.picked !== undefined
        ? `mod P = ${String(draw.sampled).padStart(2)} → number ${draw.picked}`
        : `mod P = ${draw.sampled}`;
    return line('', `${String(draw.index).padStart(3)}  ${String(draw.value).padStart(10)}  P=${draw.outcomes}  ${kept}`);
  });
  return header + rows.join('');
}
