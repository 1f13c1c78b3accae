// `verify` on a sealed export (core/export-seal.ts): the chain over its rounds is checked here, and
// said to be what it is. The seal's mac is HMAC with a key only the browser install that made it
// holds, so the command cannot check it: a chain that holds shows the file was not damaged or
// edited carelessly, never that nobody changed it (anyone can rebuild the links and the chain).
// Files without links and seal get no report at all: their output is byte for byte as before.
import { printableJson } from '../core/index.js';
import { ChainChecker, parseSeal, type ChainBreak, type ChainCheck } from '../core/export-seal.js';

export type SealStatus = 'chain-holds' | 'chain-broken' | 'seal-missing' | 'seal-malformed';

export interface SealReport {
  status: SealStatus;
  rounds: number;
  installId?: string;
  algorithm?: string;
  /** The seal's mac was not checked: only the browser that sealed the file can. */
  macChecked: false;
  breaks: ChainBreak[];
  breakCount: number;
  /** The seal member that made it unusable. */
  field?: string;
}

/** Follows a file's rounds and its `seal` member while `verify` reads it. */
export class SealWatch {
  private checker: ChainChecker | undefined;
  private seal: unknown;
  private sawSeal = false;

  /** One element's text, in file order: the first one says whether the file is linked at all. */
  element(text: string, index: number): void {
    if (index === 0 && /"link"\s*:/.test(text)) this.checker = new ChainChecker();
    if (this.checker === undefined) return;
    let round: unknown;
    try {
      round = JSON.parse(text);
    } catch {
      round = null; // the judge reports the syntax error; here it is a round that was not sealed
    }
    this.checker.add(round);
  }

  member(key: string, value: unknown): void {
    if (key !== 'seal') return;
    this.seal = value;
    this.sawSeal = true;
  }

  /** The report, or undefined for a file with neither links nor a seal. */
  report(): SealReport | undefined {
    if (this.checker === undefined && !this.sawSeal) return undefined;
    const parsed = this.sawSeal ? parseSeal(this.seal) : undefined;
    const checker = this.checker ?? new ChainChecker();
    if (parsed === undefined || !parsed.ok) {
      const check = checker.result({ count: 0, chain: '' });
      const rounds = check.rounds;
      if (parsed === undefined) return { status: 'seal-missing', rounds, macChecked: false, breaks: [], breakCount: 0 };
      return { status: 'seal-malformed', rounds, macChecked: false, breaks: [], breakCount: 0, field: parsed.problem.field };
    }
    const check: ChainCheck = checker.result(parsed.seal);
    return {
      status: check.intact ? 'chain-holds' : 'chain-broken',
      rounds: check.rounds,
      installId: parsed.seal.installId,
      algorithm: parsed.seal.algorithm,
      macChecked: false,
      breaks: check.breaks,
      breakCount: check.breakCount,
    };
  }
}

/** One change, as the text output says it (places in the file numbered from 1, as sealed from 1). */
function breakText(found: ChainBreak): string {
  const key = 'key' in found && found.key !== undefined ? ` (${found.key})` : '';
  switch (found.kind) {
    case 'edited':
      return `round ${found.position} changed since it was sealed${key}`;
    case 'missing':
      return found.index === found.to ? `sealed round ${found.index + 1} missing` : `sealed rounds ${found.index + 1}-${found.to + 1} missing`;
    case 'out-of-order':
      return `round ${found.position} out of its sealed place${key}`;
    case 'duplicated':
      return `round ${found.position} is a second copy of sealed round ${found.index + 1}${key}`;
    case 'added':
      return `round ${found.position} was not sealed${key}`;
    case 'count':
      return `the seal counts ${found.sealed} rounds, the file holds ${found.found}`;
    case 'chain':
      return 'every round is in place, but together they do not give the seal\'s chain (links rewritten, or the seal taken from another file)';
  }
}

const WHO_CAN_CHECK = 'The seal itself can be checked only by the browser that made it: import the file there to have its rounds keep their trust level.';

/** The lines before the summary line. */
export function sealText(report: SealReport): string {
  switch (report.status) {
    case 'seal-missing':
      return `\nSeal: missing. The rounds are linked for a seal, but none follows them (the file was cut short, or its seal removed).\n`;
    case 'seal-malformed':
      return `\nSeal: unusable (its member "${report.field}"). No browser will take this file's rounds as its own.\n`;
    case 'chain-holds':
      return (
        `\nSeal: ${report.algorithm} by browser install ${report.installId}. The chain over the ${report.rounds} rounds holds: none was changed, dropped, ` +
        `reordered or added by accident. That is all this command can tell: anyone can rebuild the chain after a change. ${WHO_CAN_CHECK}\n`
      );
    case 'chain-broken': {
      const more = report.breakCount > report.breaks.length ? `  … and ${report.breakCount - report.breaks.length} more\n` : '';
      return `\nSeal: the chain does not hold (${report.breakCount} ${report.breakCount === 1 ? 'change' : 'changes'}):\n${report.breaks.map((found) => `  ${breakText(found)}\n`).join('')}${more}The browser that sealed the file takes none of its rounds as its own.\n`;
    }
  }
}

/** `,"seal":{…}`, to append after "findings" in --json. */
export function sealJson(report: SealReport): string {
  return `,\n"seal":${printableJson(JSON.stringify(report))}`;
}
