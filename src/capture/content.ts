// Entry of content.js, the isolated-world content script (document_start, all frames). Each
// frame scans its own document; claims go to the worker through the one browser module.
import { sendToWorker } from '../shared/browser-send.js';
import { startCapture } from './capture-session.js';
import { browserIdle } from './scan-scheduler.js';
import { claimSender, sayHello } from './worker-send.js';

try {
  startCapture({ document, send: claimSender(sendToWorker), scheduler: { whenIdle: browserIdle(window) } });
  // Frames share the top frame's tab: only it says hello, as each page loads (and comes back from the back-forward cache).
  if (window === window.top) {
    void sayHello(sendToWorker);
    addEventListener('pageshow', (event) => event.persisted && void sayHello(sendToWorker));
  }
} catch {
  // Capture is an observer: failing to start must not disturb the page.
}
