// The popup's only way to the worker: typed requests, with the worker's Reply unwrapped so a
// failure becomes a thrown Error carrying the worker's own words.
import type { PageMessage, PageResponses, Reply } from '../shared/messages.js';

export type PageMessageType = PageMessage['type'];
export type MessageOf<T extends PageMessageType> = Extract<PageMessage, { type: T }>;

export interface WorkerClient {
  ask<T extends PageMessageType>(message: MessageOf<T>): Promise<PageResponses[T]>;
}

/** Turns a `Reply<T>` into its value, or throws with the worker's error text. */
export function unwrapReply<T>(reply: unknown): T {
  if (typeof reply !== 'object' || reply === null || typeof (reply as { ok?: unknown }).ok !== 'boolean') {
    // No listener answered (the worker was stopped mid-request, or an old version is installed).
    throw new Error('The extension’s background worker gave no usable answer.');
  }
  const typed = reply as Reply<T>;
  if (typed.ok) return typed.value;
  throw new Error(typed.error || 'The background worker reported an error.');
}

/** `send` is sendToWorker from src/shared/browser.ts in the extension, a fake in tests. */
export function createWorkerClient(send: (message: unknown) => Promise<unknown>): WorkerClient {
  return {
    async ask(message) {
      return unwrapReply(await send(message));
    },
  };
}
