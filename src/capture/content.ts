// Entry of content.js, the isolated-world content script (document_start, all frames). Each
// frame scans its own document; claims go to the worker through the one browser module.
import { sendToWorker } from '../shared/browser-send.js';
import { startCapture } from './capture-session.js';
import { pageTally } from './capture-tally.js';
import { browserIdle } from './scan-scheduler.js';
import { announcePage, claimSender } from './worker-send.js';

try {
  // What this frame saw, for the popup's capture diagnostics (background/tab-capture.ts).
  pageTally.report((tally) => sendToWorker({ type: 'capture-tally', tally }).catch(() => undefined));
  startCapture({ document, send: claimSender(sendToWorker), scheduler: { whenIdle: browserIdle(window) } });
  // Frames share the top frame's tab: only it tells the worker when its page comes and goes.
  if (window === window.top) announcePage(window, sendToWorker);
} catch {
  // Capture is an observer: failing to start must not disturb the page.
}
