// Entry of content.js, the isolated-world content script (document_start, all frames). Each
// frame scans its own document; claims go to the worker through the one browser module.
import { sendToWorker } from '../shared/browser-send.js';
import { startCapture } from './session/capture-session.js';
import { pageTally } from './readers/capture-tally.js';
import { browserIdle } from './dom/scan-scheduler.js';
import { announcePage, claimSender } from './session/worker-send.js';
import { actionReporter } from './session/action-report.js';

try {
  // What this frame saw, for the popup's capture diagnostics (background/tab-capture.ts). A page
  // back from the back-forward cache is announced anew (its tab's tallies start over): sent again
  // after that hello.
  const sendTally = () => sendToWorker({ type: 'capture-tally', tally: pageTally.tally }).catch(() => undefined);
  pageTally.report(sendTally);
  window.addEventListener('pageshow', (event) => event.persisted && setTimeout(sendTally, 1000));
  startCapture({ document, send: claimSender(sendToWorker), scheduler: { whenIdle: browserIdle(window) }, reportAction: actionReporter(sendToWorker) });
  // Frames share the top frame's tab: only it tells the worker when its page comes and goes.
  if (window === window.top) announcePage(window, sendToWorker);
} catch {
  // Capture is an observer: failing to start must not disturb the page.
}
