// A worker thread of `verify`'s pool (verify-pool.ts): judges batches of elements and sends back
// their statuses and output. Pending rounds are left to the main thread, which alone sees the
// rounds in order and so can run the cross-round nonce check.
import { parentPort } from 'node:worker_threads';
import type { AuditEntry } from './audit-entry.js';
import { JsonScanError } from '../core/json-error.js';
import { judgeElement } from './round-judge.js';
import { STATUS_CODES, type BatchReply, type BatchRequest } from './verify-pool.js';

const port = parentPort;
if (port === null) throw new Error('verify-worker must run as a worker thread');

port.on('message', (batch: BatchRequest) => {
  const { text, starts, ends, lines, columns, context, firstIndex } = batch;
  const reply: BatchReply = { id: batch.id, statuses: '', segments: [], problems: [], audits: '[]', history: 0 };
  const audits: (AuditEntry | null)[] = [];
  let statuses = '';
  let segment = '';
  try {
    for (let i = 0; i < ends.length; i++) {
      const index = firstIndex + i;
      const judged = judgeElement(text.slice(starts[i]!, ends[i]!), index, lines[i]!, columns[i]!, context);
      statuses += STATUS_CODES[judged.status];
      // A pending round is judged again on the main thread, which collects its audit entry then.
      audits.push(judged.status === 'pending' ? null : (judged.audit ?? null));
      if (judged.level === 'history') reply.history++;
      if (judged.status === 'pending') {
        reply.segments.push(segment);
        segment = '';
        continue;
      }
      segment += context.json ? `${index === 0 ? '' : ','}\n${judged.output}` : judged.output;
      if (judged.reason !== undefined) reply.problems.push([i, judged.reason]);
    }
  } catch (error) {
    // The rest of the batch does not matter: the main thread stops at this element.
    if (error instanceof JsonScanError) reply.syntaxError = { problem: error.problem, line: error.line, column: error.column };
    else reply.failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  reply.statuses = statuses;
  reply.audits = JSON.stringify(audits);
  reply.segments.push(segment);
  port.postMessage(reply);
});
