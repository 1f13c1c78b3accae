// The seal of an "Export JSON" file (docs/trust.md, "Sealed exports"): each round carries its place
// and digest (`link`), the digests are chained, and the browser install that exported the file
// signs the chain's end with a key only it holds (background/seal-key.ts). This module is the pure
// part, shared by the popup (which writes and reads files), the worker and the command line: the
// canonical bytes of a round, the chain, the bytes the key signs, and the check that names which
// round of a file was edited, dropped, reordered, duplicated or added.
//
// Not re-exported from core/index.ts: SHA-256 stays out of the bundles that do not seal.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { EXPORT_FORMAT, EXPORT_VERSION } from './export-format.js';

export const SEAL_SCHEME = 'fair-witness-seal-1';
/** The install's key signs with HMAC: only the install that holds the key can check it (docs/trust.md says why). */
export const SEAL_ALGORITHM = 'HMAC-SHA-256';

/** Where a round stands in the sealed sequence: its place (from 0) and the SHA-256 of its canonical bytes there. */
export interface RoundLink {
  index: number;
  digest: string;
}

/** The file's seal, after its rounds: what the key signed (everything but `mac`) and the signature. */
export interface ExportSeal {
  scheme: typeof SEAL_SCHEME;
  algorithm: typeof SEAL_ALGORITHM;
  /** A random id of the install that sealed the file: tells "another browser" from "changed". */
  installId: string;
  /** Rounds sealed. */
  count: number;
  exportedAt: string;
  /** The chain's end, hex. */
  chain: string;
  /** HMAC-SHA-256 of sealPayload(everything above), hex. */
  mac: string;
}

export type SealHeader = Omit<ExportSeal, 'mac'>;

const HEX64 = /^[0-9a-f]{64}$/;
const INSTALL_ID = /^[0-9a-z-]{8,64}$/;
/** A canonical text deeper than this is no exported round's (their deepest is 3). */
const MAX_DEPTH = 16;

/** Thrown for a value canonicalJson cannot write: too deep, or not JSON. */
export class NotCanonical extends Error {}

/**
 * JSON with object keys sorted at every level and undefined members left out: the same round gives
 * the same text however a file orders or indents it.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new NotCanonical('too deep');
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new NotCanonical('not a JSON number');
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      // Loops, not map/filter/join: an export of a million rounds writes this for each.
      let text: string;
      if (Array.isArray(value)) {
        text = '[';
        for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i] ?? null, depth + 1);
        return `${text}]`;
      }
      const keys = Object.keys(value).sort();
      text = '{';
      for (const key of keys) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) continue;
        text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item, depth + 1)}`;
      }
      return `${text}}`;
    }
    default:
      throw new NotCanonical(typeof value);
  }
}

/** The round as it is sealed: every member but its own `link`. */
function sealedPart(round: object): object {
  const { link: _link, ...rest } = round as { link?: unknown };
  return rest;
}

/** SHA-256 of the round's canonical text at place `index` (the place is hashed in: a moved round does not match). */
export function roundDigest(round: object, index: number): string {
  return bytesToHex(sha256(utf8ToBytes(`${index}\n${canonicalJson(sealedPart(round))}`)));
}

const chainStart = (): Uint8Array => sha256(utf8ToBytes(SEAL_SCHEME));

/**
 * Lowercase hex (checked by the callers: HEX64) to bytes. Written out rather than taken from
 * @noble/hashes/utils: the popup's first load shares that module, and this keeps its decoder out.
 */
function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function chainStep(state: Uint8Array, digest: string): Uint8Array {
  const both = new Uint8Array(64);
  both.set(state);
  both.set(fromHex(digest), 32);
  return sha256(both);
}

/** Builds the chain of an export as its rounds are written, in order. */
export class SealChain {
  private state = chainStart();
  private next = 0;

  /** The link of the next round (to write into it), and the chain moved past it. */
  add(round: object): RoundLink {
    const link = { index: this.next, digest: roundDigest(round, this.next) };
    this.state = chainStep(this.state, link.digest);
    this.next++;
    return link;
  }

  get count(): number {
    return this.next;
  }

  get chain(): string {
    return bytesToHex(this.state);
  }
}

/** The bytes the install's key signs: the seal's header with the file's format, canonical. */
export function sealPayload(header: SealHeader): Uint8Array {
  const { scheme, algorithm, installId, count, exportedAt, chain } = header;
  return utf8ToBytes(canonicalJson({ format: EXPORT_FORMAT, version: EXPORT_VERSION, scheme, algorithm, installId, count, exportedAt, chain }));
}

/** Why a file's `seal` member is no seal, naming the member. */
export type SealProblem = { field: string; issue: 'missing' | 'type' | 'value' };

/** The file's `seal` member checked member by member (sizes too: a file may put anything there). */
export function parseSeal(value: unknown): { ok: true; seal: ExportSeal } | { ok: false; problem: SealProblem } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: { field: 'seal', issue: 'type' } };
  const seal = value as Record<string, unknown>;
  const checks: [keyof ExportSeal, (item: unknown) => boolean][] = [
    ['scheme', (item) => item === SEAL_SCHEME],
    ['algorithm', (item) => item === SEAL_ALGORITHM],
    ['installId', (item) => typeof item === 'string' && INSTALL_ID.test(item)],
    ['count', (item) => typeof item === 'number' && Number.isSafeInteger(item) && item >= 0],
    ['exportedAt', (item) => typeof item === 'string' && item.length <= 40],
    ['chain', (item) => typeof item === 'string' && HEX64.test(item)],
    ['mac', (item) => typeof item === 'string' && HEX64.test(item)],
  ];
  for (const [field, ok] of checks) {
    if (seal[field] === undefined) return { ok: false, problem: { field, issue: 'missing' } };
    if (!ok(seal[field])) return { ok: false, problem: { field, issue: typeof seal[field] === 'string' || typeof seal[field] === 'number' ? 'value' : 'type' } };
  }
  const extra = Object.keys(seal).find((key) => !checks.some(([field]) => field === key));
  if (extra !== undefined) return { ok: false, problem: { field: extra.slice(0, 40), issue: 'value' } };
  return { ok: true, seal: seal as unknown as ExportSeal };
}

/**
 * What is wrong with one place of a sealed file. `position`: the round's place in the file (from 1);
 * `index`: the place it was sealed at (from 0; for `missing`, the first missing, to `to`).
 */
export type ChainBreak =
  | { kind: 'edited'; position: number; index: number; key?: string }
  | { kind: 'missing'; index: number; to: number; position?: number }
  | { kind: 'out-of-order'; position: number; index: number; key?: string }
  | { kind: 'duplicated'; position: number; index: number; key?: string }
  /** A round with no (or a malformed) link: not one the install sealed. */
  | { kind: 'added'; position: number; key?: string }
  /** The seal names another number of rounds than the file holds. */
  | { kind: 'count'; sealed: number; found: number }
  /** Every link holds, but the rounds do not give the seal's chain: links rewritten, or the seal taken from another file. */
  | { kind: 'chain' };

export interface ChainCheck {
  /** The rounds read. */
  rounds: number;
  /** The chain over the rounds as the file orders them: equal to the seal's only if no round changed. */
  chain: string;
  /** Whether every round's link holds, in order, without gaps, and the seal's count and chain match. */
  intact: boolean;
  /** The first MAX_BREAKS breaks found; `breakCount` all of them. */
  breaks: ChainBreak[];
  breakCount: number;
}

/** Breaks listed one by one; the rest are counted. */
export const MAX_BREAKS = 20;
/** Ranges of missing places remembered, to tell a late round (out of order) from a second copy. */
const MAX_GAPS = 10_000;

/** A round's key as people read it, for naming it: `commitment|clientSeed|nonce`. */
function keyOf(round: Record<string, unknown>): string | undefined {
  const part = (value: unknown) => (typeof value === 'string' ? value.slice(0, 128) : '');
  const key = `${part(round.commitment)}|${part(round.clientSeed)}|${part(round.nonce)}`;
  return key === '||' ? undefined : key;
}

function linkOf(round: Record<string, unknown>): RoundLink | undefined {
  const link = round.link as Record<string, unknown> | undefined;
  if (typeof link !== 'object' || link === null || Array.isArray(link)) return undefined;
  if (typeof link.index !== 'number' || !Number.isSafeInteger(link.index) || link.index < 0) return undefined;
  if (typeof link.digest !== 'string' || !HEX64.test(link.digest)) return undefined;
  return { index: link.index, digest: link.digest };
}

/** Checks a sealed file's rounds as they are read (in file order), then against its seal. */
export class ChainChecker {
  private state = chainStart();
  private position = 0;
  private expected = 0;
  private readonly gaps: [number, number][] = [];
  private readonly late = new Set<number>();
  private readonly breaks: ChainBreak[] = [];
  private breakCount = 0;

  /**
   * A checker that goes on from a chain state after `position` rounds (the worker hashing one chunk
   * of a file again); only `add` and `state` are of use on it.
   */
  static from(state: string, position: number): ChainChecker {
    const checker = new ChainChecker();
    checker.state = fromHex(state);
    checker.position = position;
    checker.expected = position;
    return checker;
  }

  /** The chain over the rounds added so far, in file order, hex. */
  get chainState(): string {
    return bytesToHex(this.state);
  }

  private note(found: ChainBreak): void {
    this.breakCount++;
    if (this.breaks.length < MAX_BREAKS) this.breaks.push(found);
  }

  /** One round of the file (parsed JSON), the next in file order. */
  add(value: unknown): void {
    const position = ++this.position;
    const round = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const key = keyOf(round);
    let digestHere: string;
    try {
      // The chain is over the rounds where they stand in the file: any change moves its end.
      digestHere = roundDigest(round, position - 1);
    } catch {
      digestHere = bytesToHex(sha256(utf8ToBytes(`${position - 1}\nnot canonical`)));
    }
    this.state = chainStep(this.state, digestHere);
    const link = linkOf(round);
    if (link === undefined) {
      this.note({ kind: 'added', position, ...(key ? { key } : {}) });
      return;
    }
    let own: string | undefined;
    try {
      own = link.index === position - 1 ? digestHere : roundDigest(round, link.index);
    } catch {
      own = undefined;
    }
    if (own !== link.digest) this.note({ kind: 'edited', position, index: link.index, ...(key ? { key } : {}) });
    if (link.index === this.expected) this.expected++;
    else if (link.index > this.expected) {
      this.note({ kind: 'missing', index: this.expected, to: link.index - 1, position });
      if (this.gaps.length < MAX_GAPS) this.gaps.push([this.expected, link.index - 1]);
      this.expected = link.index + 1;
    } else {
      const inGap = this.gaps.some(([from, to]) => link.index >= from && link.index <= to);
      const kind = inGap && !this.late.has(link.index) ? 'out-of-order' : 'duplicated';
      if (kind === 'out-of-order') this.late.add(link.index);
      this.note({ kind, position, index: link.index, ...(key ? { key } : {}) });
    }
  }

  /** The result against the file's seal (already parsed: parseSeal). */
  result(seal: Pick<ExportSeal, 'count' | 'chain'>): ChainCheck {
    if (this.expected < seal.count) this.note({ kind: 'missing', index: this.expected, to: seal.count - 1 });
    if (seal.count !== this.position) this.note({ kind: 'count', sealed: seal.count, found: this.position });
    const chain = bytesToHex(this.state);
    // A change no link shows (links rewritten to match) still moves the chain's end.
    if (this.breakCount === 0 && chain !== seal.chain) this.note({ kind: 'chain' });
    const intact = this.breakCount === 0;
    return { rounds: this.position, chain, intact, breaks: [...this.breaks], breakCount: this.breakCount };
  }
}
