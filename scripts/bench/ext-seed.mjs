// Seeds a large store quickly: the records are built in Node by the worker's own code
// (seed-records.ts) and written straight into the extension's IndexedDB from an extension page,
// a batch per transaction, instead of going through the message path (≈1 000 claims/s there: a
// million would take hours). The page fetches the batches from a local HTTP server (CDP's
// evaluate arguments move ~6 MB/s), and keeps two transactions in flight, so Node builds, the page
// clones and IndexedDB commits at the same time. Also measures what the store costs on disk per
// round (navigator.storage.estimate, before and after).
import { createServer } from 'node:http';
import { seedBatches } from './seed-records.ts';

const BATCH = 10_000;

// Runs in the extension page: every batch in a readwrite transaction of its own, meta moved with
// its rounds; at most two transactions open, the next batch fetched while the last one commits.
async function writeAll(base) {
  const db = await new Promise((resolve, reject) => {
    // No version: the worker created the store at install, with its schema (schema.ts).
    const request = indexedDB.open('fair-witness');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const committed = (tx) =>
    new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('aborted'));
    });
  let pending = [];
  let written = 0;
  for (let index = 0; ; index++) {
    const response = await fetch(`${base}/batch/${index}`);
    if (response.status === 204) break;
    const { rounds, sightings, meta } = await response.json();
    const tx = db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
    const roundStore = tx.objectStore('rounds');
    for (const round of rounds) roundStore.put(round);
    for (const sighting of sightings) tx.objectStore('commitments').put(sighting);
    for (const key of ['seq', 'tally', 'games', 'pairs']) tx.objectStore('meta').put(meta[key], key);
    written += rounds.length;
    const count = written;
    pending.push(committed(tx).then(() => window.__seedProgress(count)));
    if (pending.length >= 2) await pending.shift();
  }
  await Promise.all(pending);
  // The mean JSON size of up to 1 000 stored rounds: what one record holds, beside its disk cost.
  const sample = await new Promise((resolve) => (db.transaction('rounds').objectStore('rounds').getAll(null, 1000).onsuccess = (event) => resolve(event.target.result)));
  db.close();
  return { written, jsonBytes: sample.reduce((sum, record) => sum + JSON.stringify(record).length, 0) / Math.max(1, sample.length) };
}

async function readMeta() {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('fair-witness');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const meta = db.transaction('meta').objectStore('meta');
  const read = (key) => new Promise((resolve) => (meta.get(key).onsuccess = (event) => resolve(event.target.result)));
  const values = { seq: await read('seq'), tally: await read('tally'), games: await read('games'), pairs: await read('pairs') };
  db.close();
  return values;
}

/**
 * Adds `count` rounds to the session's store, then stops the worker, so nothing it kept in memory
 * predates the seeding. Returns timings, the tally and the storage cost per round.
 */
export async function seedStore(session, count, { log = () => {} } = {}) {
  const started = performance.now();
  const page = await session.context.newPage();
  // An extension page without the extension's code: the extension's origin, so its IndexedDB.
  await page.goto(`chrome-extension://${session.extensionId}/manifest.json`);
  const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? NaN);
  const before = await usage();
  const batches = seedBatches(count, await page.evaluate(readMeta), BATCH);
  let buildMs = 0;
  let tally;
  let served = 0;
  // Built one ahead: the next batch is ready by the time the page asks for it.
  const build = () => {
    const t0 = performance.now();
    const next = batches.next();
    const json = next.done ? undefined : JSON.stringify(next.value);
    if (!next.done) tally = next.value.meta.tally;
    buildMs += performance.now() - t0;
    return json;
  };
  let ahead = Promise.resolve(build());
  // The page asks for one batch at a time, in order (the index in the URL is only for reading logs).
  const server = createServer(async (request, response) => {
    const json = await ahead;
    ahead = json === undefined ? ahead : new Promise((resolve) => setImmediate(() => resolve(build())));
    response.writeHead(json === undefined ? 204 : 200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' });
    response.end(json);
    served++;
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  let lastLogged = 0;
  await page.exposeFunction('__seedProgress', (done) => {
    if (done - lastLogged >= 100_000 || done === count) {
      lastLogged = done;
      log(`  seeded ${done} / ${count} rounds (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  });
  let result;
  try {
    result = await page.evaluate(writeAll, `http://127.0.0.1:${server.address().port}`);
  } finally {
    server.close();
  }
  const after = await usage();
  await page.close();
  await session.stopWorker();
  return {
    rounds: result.written,
    batches: served - 1,
    ms: performance.now() - started,
    buildMs,
    tally,
    usageBefore: before,
    usageAfter: after,
    bytesPerRound: (after - before) / result.written,
    jsonBytes: result.jsonBytes,
  };
}
