// The command line, parsed into one typed command. Everything wrong with it becomes a UsageError
// with one line that names the option; nothing here looks at the values' meaning (the commands do).
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';

export type HelpTopic = 'round' | 'verify';

export interface RoundCommand {
  kind: 'round';
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  commitment?: string;
  result?: string;
  json: boolean;
}

export interface VerifyCommand {
  kind: 'verify';
  /** A path, or "-" for standard input. */
  file: string;
  json: boolean;
}

export type Command = { kind: 'help'; topic?: HelpTopic } | { kind: 'version' } | RoundCommand | VerifyCommand;

const OPTIONS = {
  game: { type: 'string' },
  'server-seed': { type: 'string' },
  'client-seed': { type: 'string' },
  nonce: { type: 'string' },
  commitment: { type: 'string' },
  result: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

const ROUND_OPTIONS = ['game', 'server-seed', 'client-seed', 'nonce', 'commitment', 'result', 'json'] as const;
const ROUND_REQUIRED = ['game', 'server-seed', 'client-seed', 'nonce'] as const;
const VERIFY_OPTIONS = ['json'] as const;

type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean };

export function parseCommandLine(argv: readonly string[]): Command {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true }));
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }

  const [name, ...rest] = positionals;
  if (values.version) return { kind: 'version' };
  if (name === 'help') return { kind: 'help', topic: helpTopic(rest[0]) };
  if (values.help) return { kind: 'help', topic: helpTopic(name) };
  if (name === undefined) throw new UsageError('missing command: fair-witness round … or fair-witness verify FILE');

  if (name === 'round') {
    rejectOthers(values, ROUND_OPTIONS, 'round');
    if (rest.length > 0) throw new UsageError(`round takes options only, not "${rest[0]}"`);
    const missing = ROUND_REQUIRED.filter((option) => values[option] === undefined);
    if (missing.length > 0) throw new UsageError(`missing ${missing.map((option) => `--${option}`).join(', ')}`);
    return {
      kind: 'round',
      game: values.game!,
      serverSeed: values['server-seed']!,
      clientSeed: values['client-seed']!,
      nonce: values.nonce!,
      commitment: values.commitment,
      result: values.result,
      json: values.json === true,
    };
  }
  if (name === 'verify') {
    rejectOthers(values, VERIFY_OPTIONS, 'verify');
    if (rest.length === 0) throw new UsageError('missing FILE: fair-witness verify [--json] FILE');
    if (rest.length > 1) throw new UsageError(`verify takes one FILE, got ${rest.length}: ${rest.map((f) => `"${f}"`).join(' ')}`);
    return { kind: 'verify', file: rest[0]!, json: values.json === true };
  }
  throw new UsageError(`unknown command "${name}"; the commands are round, verify and help`);
}

function helpTopic(name: string | undefined): HelpTopic | undefined {
  return name === 'round' || name === 'verify' ? name : undefined;
}

function rejectOthers(values: Values, allowed: readonly string[], command: string): void {
  for (const [option, value] of Object.entries(values)) {
    if (value !== undefined && option !== 'help' && option !== 'version' && !allowed.includes(option)) {
      throw new UsageError(`--${option} is not an option of ${command}`);
    }
  }
}

/** node:util's messages run over several lines and talk about positionals; one line naming the option is enough. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/ambiguous/.test(message)) return `${option} needs a value; for a value that starts with '-', write ${option}=VALUE`;
    if (/does not take an argument/.test(message)) return `${option} takes no value`;
    return `${option} needs a value`;
  }
  return message.split('\n')[0]!;
}
