// This install's seal on its exports (core/export-seal.ts, docs/trust.md "Sealed exports"): an
// HMAC-SHA-256 key made once with WebCrypto as non-extractable, so no script (not even this
// extension's) can read its bytes, and kept in the store's `meta` (IndexedDB clones a CryptoKey in
// Chrome and Firefox). The key signs an export's chain; an import's chain is checked against it.
//
// An import checks a file twice: the popup reads it once to rebuild its chain (the seal comes after
// the rounds), and asks here whether the seal is this install's. If so, the worker hands out a
// ticket with the chain's state at every chunk's start; each chunk sent then is hashed again here
// and restored with the install's evidence only if it lands on the next state: the worker trusts
// its own hashing, not the page's word that a chunk is sealed.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ChainChecker, parseSeal, SEAL_ALGORITHM, SEAL_SCHEME, sealPayload, type ExportSeal, type SealHeader } from '../core/export-seal.js';
import type { SealVerdict } from '../shared/messages.js';
import { readMeta, writeMeta } from './meta.js';
import { openStore } from './store.js';

const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;

/** The same bytes as WebCrypto's types want them (an ArrayBuffer, never a shared one). */
const bytes = (view: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(view);

/** A key being made: two calls at once make one. Not kept after: the stored key is the one (a store deleted under a live worker must not leave it sealing with a key nobody keeps). */
let making: Promise<{ key: CryptoKey; installId: string }> | undefined;

/** The install's key and id, made on first use. */
export async function sealKey(): Promise<{ key: CryptoKey; installId: string }> {
  const kept = await readMeta((await openStore()).transaction('meta').store, 'seal');
  if (kept !== undefined) return kept;
  const current = (making ??= (async () => {
    const key = (await crypto.subtle.generateKey(HMAC, false, ['sign', 'verify'])) as CryptoKey;
    const db = await openStore();
    const tx = db.transaction('meta', 'readwrite');
    // Another worker life may have made one meanwhile: the first one stays.
    const raced = await readMeta(tx.store, 'seal');
    if (raced !== undefined) return raced;
    const made = { key, installId: crypto.randomUUID() };
    await writeMeta(tx.store, 'seal', made);
    await tx.done;
    return made;
  })());
  try {
    return await current;
  } finally {
    if (making === current) making = undefined;
  }
}

/** The seal of an export whose rounds give `chain` (the popup builds it as it writes them). */
export async function sealExport(count: number, exportedAt: string, chain: string): Promise<ExportSeal> {
  const { key, installId } = await sealKey();
  const header: SealHeader = { scheme: SEAL_SCHEME, algorithm: SEAL_ALGORITHM, installId, count, exportedAt, chain };
  const mac = bytesToHex(new Uint8Array(await crypto.subtle.sign(HMAC, key, bytes(sealPayload(header)))));
  return { ...header, mac };
}

interface Ticket {
  /** The chain's state before each chunk; `states[k + 1]` after chunk k, the last one the chain's end. */
  states: string[];
  chunkSize: number;
}

/** Tickets of this worker's life: a worker stopped mid-import forgets them, and the rest of the file is file-only. */
const tickets = new Map<string, Ticket>();
/** One import at a time is what the popup does; a few kept so a second window cannot push out the first's. */
const MAX_TICKETS = 4;

/**
 * Checks a file's seal against what the popup's read of it gave: the chain over its rounds as they
 * stand (`states`: the state before each chunk of `chunkSize`, then the end) and how many.
 * The seal's count and chain must be the recomputed ones, and its mac the key's over them.
 */
export async function checkSeal(seal: unknown, rounds: number, states: readonly string[], chunkSize: number): Promise<SealVerdict> {
  const parsed = parseSeal(seal);
  if (!parsed.ok) return { kind: 'malformed', field: parsed.problem.field };
  const { key, installId } = await sealKey();
  if (parsed.seal.installId !== installId) return { kind: 'other-install' };
  const chain = states.at(-1);
  if (chain === undefined || parsed.seal.count !== rounds || parsed.seal.chain !== chain || states.length !== Math.ceil(rounds / chunkSize) + 1) return { kind: 'changed' };
  const { mac, ...signed } = parsed.seal;
  // Its count and chain are the recomputed ones (checked above): the mac vouches for the rounds read.
  const ok = await crypto.subtle.verify(HMAC, key, bytes(hexToBytes(mac)), bytes(sealPayload(signed)));
  if (!ok) return { kind: 'changed' };
  const ticket = crypto.randomUUID();
  if (tickets.size >= MAX_TICKETS) tickets.delete(tickets.keys().next().value!);
  tickets.set(ticket, { states: [...states], chunkSize });
  return { kind: 'this-install', ticket };
}

/** Whether `rounds` are exactly chunk `chunk` of the file the ticket was given for (hashed here again). */
export function isSealedChunk(ticket: string, chunk: number, rounds: readonly unknown[]): boolean {
  const kept = tickets.get(ticket);
  if (kept === undefined || !Number.isSafeInteger(chunk) || chunk < 0 || chunk + 1 >= kept.states.length) return false;
  const checker = ChainChecker.from(kept.states[chunk]!, chunk * kept.chunkSize);
  for (const round of rounds) checker.add(round);
  return checker.chainState === kept.states[chunk + 1];
}

/** Drops a ticket once its import is over. */
export function endTicket(ticket: string): void {
  tickets.delete(ticket);
}
