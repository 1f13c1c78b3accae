import type { HelpTopic } from './args.js';
import { gameFamilies, gameOptionNames, gamesLine } from './game-list.js';
import { VERSION } from './version.js';

const OVERVIEW = `fair-witness ${VERSION} — recomputes Cloudbet Originals rounds (${gameFamilies()}) with the casino's published procedure

Usage:
  fair-witness round --game G --server-seed S --client-seed C --nonce N [--commitment H] [--result R] [--json]
  fair-witness verify [--json] FILE
  fair-witness help [round|verify]
  fair-witness --version

Commands:
  round    compute one round: its commitment, round signature and outcome; with --commitment and
           --result, also the verdict on what the casino showed
  verify   recompute every round of a file: an "Export JSON" file of the extension, or a JSON array
           of claims {game, serverSeed, clientSeed, nonce, commitment?, result?}

${gamesLine()}
       German and long names work too ("Europäisches Roulette", "American Roulette").

Exit status: 0 nothing mismatched or invalid · 1 a round is mismatched · 2 unusable input,
             or rounds that cannot be checked (invalid) · 3 a bug in fair-witness`;

const ROUND = `Usage: fair-witness round --game G --server-seed S --client-seed C --nonce N [--commitment H] [--result R] [--json]

Runs the published procedure for one round:
  commitment      = SHA3-256(server seed)                  (hex; shown by the casino before the round)
  round signature = SHA3-256("server seed:client seed:nonce")
  outcome         = drawn from SHAKE256(round signature) read as big-endian uint32s

Options:
  --game G          ${gameOptionNames()}
  --server-seed S   the revealed server seed, exactly as shown
  --client-seed C   the client seed (may be "")
  --nonce N         the round's nonce, a whole number ≥ 0
  --commitment H    the commitment the casino showed (64 hex digits): checked against the seed
  --result R        the outcome the casino showed: "17", "00", or keno's 10 numbers as
                    "4,8,15,16,23,24,30,35,36,40" or "4 8 15 …" (any order)
  --json            print one JSON object: game, commitment, roundSignature, outcome, verdict
                    (with --result), level, failures, reasons, trace (every draw)

Without --result, round is a calculator: it prints the outcome and, given --commitment, whether the
seed hashes to it. Exit 0, or 1 when the commitment or the result does not match; 2 when --result
is given without --commitment (the round cannot be verified) or an option is malformed.`;

const VERIFY = `Usage: fair-witness verify [--json] FILE

Recomputes every round of FILE ("-" reads standard input) and prints a verdict for each:
verified, pending (server seed not revealed yet), mismatch, unsupported (no published algorithm)
or invalid (cannot be checked: the reason says which field).

FILE is either the extension's export ({"format": "fair-witness-export", "version": 1, "rounds": […]})
or a JSON array of claims {game, serverSeed, clientSeed, nonce, commitment?, result?} where result is
"0"…"36"/"00" (roulette) or an array of 10 numbers (keno, any order). The file is streamed, so a
million rounds need little memory. For an export, the verdict stored in the file is not trusted: it
is recomputed, and a difference is reported among the round's reasons. A round from a file is at
level history: a file cannot show the order the extension saw. What a file says about a level (an
export's level, a claim's witness, a preRoundCommitment other than the commitment) is shown as
"the file says: witnessed", and in --json as fileSays: never the CLI's own level or verdict.

Output: a table (index, game, nonce, verdict, level, expected vs shown or the reason), the findings
across rounds (nonce gaps and repeats, a client seed that changed, a server seed used again: each says
which seed pair and nonces; they are not mismatches and do not change the exit status) and a one-line
summary; with --json one object {"rounds": [{verdict, level?, fileSays?, failures?, expected?, reasons?} …],
"summary": {verified, pending, mismatch, unsupported, invalid}, "findings": [{kind, message,
commitment, nonces?} …]}, rounds in input order. The summary is written after the rounds so that
output can stream; a file that turns out malformed part-way adds "error" to the object instead of
"findings".

Exit status: 0 no round mismatched or invalid · 1 a round is mismatched · 2 the file is unusable
(missing, malformed JSON, not an export) or has invalid rounds but no mismatch.`;

export function helpText(topic?: HelpTopic): string {
  return `${topic === 'round' ? ROUND : topic === 'verify' ? VERIFY : OVERVIEW}\n`;
}
