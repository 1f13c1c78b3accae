// Reads many records of one object store by primary key with few requests. Every IndexedDB request
// costs a message to the browser's database and its answer back (≈0.1 ms in Chromium, however small
// the record), while one getAll over a key range returns a record for far less: the 200 rounds of a
// history page's batch are one seed pair's consecutive nonces, next to each other in the key order
// (round-key.ts), so one getAll over their range reads them all.
//
// A range also holds keys nobody asked for (nonce "16" sorts between "150" and "199"), so a getAll
// reads at most twice the keys asked for and a few more; what its answer did not reach is read key
// by key. Keys are strings, compared as IndexedDB compares them (by UTF-16 code unit, as JavaScript's `<`).

/** What readMany needs of a store (or its keys only): a bounded getAll over a key range, and one get. */
export interface ManySource<Value> {
  getAll(range: IDBKeyRange, count: number): Promise<Value[]>;
  get(key: string): Promise<Value | undefined>;
}

/** Keys read by one getAll at least: fewer are read one by one (a getAll costs about as much as a get). */
const MIN_RUN = 3;

/** Records read per key asked for, at most, by one getAll. */
const SLACK = 2;

/**
 * Groups of keys that one getAll should read: keys sorted, cut where the part before `cut` (a
 * round key's seed pair and client seed) changes, and where the length after it (a nonce's digits)
 * changes, since a range from "99" to "100" would span every other key of its pair.
 */
export function runsOf(keys: Iterable<string>, cut = '|'): string[][] {
  const groups = new Map<string, string[]>();
  for (const key of new Set(keys)) {
    const at = key.lastIndexOf(cut);
    const group = `${key.slice(0, at + 1)}${key.length - at}`;
    const run = groups.get(group);
    if (run === undefined) groups.set(group, [key]);
    else run.push(key);
  }
  return [...groups.values()].map((run) => run.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The records (undefined: none) of every key in `keys`, read with one getAll per run of nearby
 * keys (runsOf) and single gets for the rest. `keyOf` gives a record's primary key.
 */
export async function readMany<Value>(source: ManySource<Value>, keys: Iterable<string>, keyOf: (value: Value) => string): Promise<Map<string, Value | undefined>> {
  const found = new Map<string, Value | undefined>();
  const single = (key: string) => source.get(key).then((value) => void found.set(key, value));
  await Promise.all(
    runsOf(keys).map(async (run) => {
      if (run.length < MIN_RUN) return Promise.all(run.map(single));
      const count = run.length * SLACK + 8;
      const values = await source.getAll(IDBKeyRange.bound(run[0], run.at(-1)), count);
      const wanted = new Set(run);
      for (const value of values) {
        const key = keyOf(value);
        if (wanted.has(key)) found.set(key, value);
      }
      // A full answer may have stopped short of the range's end: keys past its last are unknown.
      const reached = values.length < count ? undefined : keyOf(values.at(-1)!);
      const rest: Promise<void>[] = [];
      for (const key of run) {
        if (found.has(key)) continue;
        if (reached === undefined || key <= reached) found.set(key, undefined);
        else rest.push(single(key));
      }
      return Promise.all(rest);
    }),
  );
  return found;
}
