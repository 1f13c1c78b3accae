// Entry of content.js, the isolated-world content script (document_start, all frames). Each
// frame scans its own document; claims go to the worker through the one browser module.
import { sendToWorker } from '../shared/browser-send.js';
import { startCapture } from './session/capture-session.js';
import { pageTally } from './readers/capture-tally.js';
import { addVocabulary } from './readers/labels.js';
import { LANGUAGE_TAG } from '../shared/capture-channel.js';
import { browserIdle } from './dom/scan-scheduler.js';
import { announcePage, claimSender } from './session/worker-send.js';

try {
  // What this frame saw, for the popup's capture diagnostics (background/tab-capture.ts). A page
  // back from the back-forward cache is announced anew (its tab's tallies start over): sent again
  // after that hello.
  const sendTally = () => sendToWorker({ type: 'capture-tally', tally: pageTally.tally }).catch(() => undefined);
  pageTally.report(sendTally);
  window.addEventListener('pageshow', (event) => event.persisted && setTimeout(sendTally, 1000));
  // Each trusted action tells the worker the round's first action here and the slots whose outcome
  // ends it (background/tab-actions.ts): it credits an outcome from any document of the tab with
  // the earliest action still open, so a reload or a new frame after the bet cannot forget it. Sent
  // at each action of the round: a lost report is sent again at the next. (Inline, not a module of
  // its own: content script size budget.)
  startCapture({
    document,
    send: claimSender(sendToWorker),
    scheduler: { whenIdle: browserIdle(window) },
    reportAction: (at, slots) => sendToWorker({ type: 'action', at, slots }).catch(() => undefined),
    // The words of the casino's other languages come from the worker (shared/vocabularies/): the
    // page's language by its lang or its address's first segment (/tr/, /pt-BR/), or all of them.
    // The capture report names the page's language beside the labels it could not read.
    // (No <html> yet, however early the first scan: no lang, and every language is sent.)
    vocabulary: (all) => {
      const locales = [document.documentElement?.lang ?? '', location.pathname.split('/')[1]!];
      pageTally.tally.lang ??= locales.find((locale) => LANGUAGE_TAG.test(locale));
      return sendToWorker(all ? { type: 'vocabulary' } : { type: 'vocabulary', locales }).then((reply) => addVocabulary((reply as { value?: Parameters<typeof addVocabulary>[0] } | undefined)?.value));
    },
  });
  // Frames share the top frame's tab: only it tells the worker when its page comes and goes.
  if (window === window.top) announcePage(window, sendToWorker);
} catch {
  // Capture is an observer: failing to start must not disturb the page.
}
