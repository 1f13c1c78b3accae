// The popup's only way to the worker: typed requests, with the worker's Reply unwrapped so a
// failure becomes a thrown WorkerError, which the popup words (labels.ts workerErrorText).
import type { PageMessage, PageResponses, Reply } from '../shared/messages.js';
import type { StorageProblem } from '../shared/records.js';

export type PageMessageType = PageMessage['type'];
export type MessageOf<T extends PageMessageType> = Extract<PageMessage, { type: T }>;

export interface WorkerClient {
  ask<T extends PageMessageType>(message: MessageOf<T>): Promise<PageResponses[T]>;
}

/**
 * A failed request: no usable answer at all (the worker was stopped mid-request, or an old version
 * is installed), a storage problem (as its code), or the worker's own words for anything else.
 */
export class WorkerError extends Error {
  constructor(
    message: string,
    readonly storageProblem?: StorageProblem,
    readonly noAnswer = false,
  ) {
    super(message);
    this.name = 'WorkerError';
  }
}

/** Turns a `Reply<T>` into its value, or throws a WorkerError. */
export function unwrapReply<T>(reply: unknown): T {
  if (typeof reply !== 'object' || reply === null || typeof (reply as { ok?: unknown }).ok !== 'boolean') {
    throw new WorkerError('no usable answer from the background worker', undefined, true);
  }
  const typed = reply as Reply<T>;
  if (typed.ok) return typed.value;
  throw new WorkerError(typed.error, typed.storageProblem);
}

/** `send` is sendToWorker from src/shared/browser.ts in the extension, a fake in tests. */
export function createWorkerClient(send: (message: unknown) => Promise<unknown>): WorkerClient {
  return {
    async ask(message) {
      return unwrapReply(await send(message));
    },
  };
}
