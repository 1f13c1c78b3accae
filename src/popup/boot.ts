// popup-boot.js: a classic script in popup.html's head, run before the page's module has loaded.
// It only sends the popup's first questions to the worker (early-asks.ts), waking it early.
import { sendToWorker } from '../shared/browser-send.js';
import { sendEarlyAsks } from './early-asks.js';

sendEarlyAsks(sendToWorker);
