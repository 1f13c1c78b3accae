// @vitest-environment jsdom
// Red team 8, capture level: a document the page reopens with document.open() is blind to the
// player's actions. capture-session.ts registers its listeners once (pointerdown/keydown/paste on
// the window, the tap's event and input on the document); document.open() erases every event
// listener of the document and of its window (HTML "document open steps"; this repo measured it in
// Chromium and Firefox: test/capture/session/loading-document.test.ts, "document.open() drops
// every listener of ours … the observer stays"), and nothing registers them again. The
// MutationObserver stays, so the reopened document's markup is still read — its panel and its
// outcomes — but no click in it is ever an action. So:
//  1. the casino's page builds its game frame as an about:blank iframe and fills it with
//     document.open()/write()/close() (a common way to build a same-origin frame);
//  2. the frame shows the bound pair C1 (read: the observer), the player bets in the frame: no
//     action is seen (the listener is gone);
//  3. after the bet the frame shows C2, a pair chosen knowing the bet;
//  4. the player's next click lands in the top page (anywhere: its header, a "continue" prompt):
//     an action there, after C2 was shown;
//  5. the frame shows the outcome on C2: no action in its own document, so the worker credits it
//     with the tab's earliest open action, the top page's click (tab-actions.ts creditOutcomes):
//     C2 shown before it, C1 before C2's window: witnessed.
// (Here the erased listeners are modelled: listenerRegistry below.)
// Closed: the session adds its listeners again when the document's own children change
// (capture-session.ts listen). Suggested: listen where document.open() cannot erase — re-register the session's listeners when the
// document is reopened (a MutationObserver sees the document element replaced; readyState goes back
// to 'loading'), or listen on a node the page cannot reopen; and treat a document whose
// listeners may have been erased (reopened, or one that showed outcomes with no action ever) as
// blind: its outcomes are not credited with another document's later action (e.g. `no-action`).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { later, pair, revealToWorker, spin, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const panelHtml = (p: Pair, nonce: number) =>
  `<section class="fairness"><dl><dt>Game</dt><dd>European Roulette</dd><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${CS}</dd><dt>Nonce</dt><dd>${nonce}</dd></dl></section>`;
const outcomeHtml = (p: Pair, nonce: number) =>
  `<section class="bet"><dl><dt>Game</dt><dd>European Roulette</dd><dt>Server Seed Hash</dt><dd>${p.commitment}</dd><dt>Client Seed</dt><dd>${CS}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${spin(p, nonce)}</dd></dl></section>`;

/**
 * The frame's window and document keep their listeners in a registry of ours, which document.open()
 * erases (as browsers do: HTML "document open steps"; jsdom does not, so it is modelled here); a
 * trusted press reaches whatever is registered then.
 */
function listenerRegistry(win: Window, doc: Document) {
  const registered: { type: string; listener: (event: unknown) => void; capture: boolean }[] = [];
  for (const target of [win, doc] as EventTarget[]) {
    const original = target.addEventListener.bind(target);
    target.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
      const capture = typeof options === 'boolean' ? options : options?.capture === true;
      if (target === win && typeof listener === 'function' && !registered.some((entry) => entry.type === type && entry.listener === listener && entry.capture === capture)) {
        registered.push({ type, listener: listener as (event: unknown) => void, capture });
      }
      original(type, listener, options);
    };
  }
  return {
    /** document.open(), write(), close(): every listener erased, the document's children replaced. */
    reopen(html: string) {
      registered.length = 0;
      doc.open();
      doc.write(html);
      doc.close();
    },
    press(text: string) {
      const button = doc.createElement('button');
      button.textContent = text;
      for (const { listener } of registered.filter((entry) => entry.type === 'pointerdown' && entry.capture)) listener({ isTrusted: true, type: 'pointerdown', composedPath: () => [button] });
    },
  };
}

async function play(reopened: boolean) {
  const [bound, chosen] = [pair(`reopen-bound-${reopened}`), pair(`reopen-chosen-${reopened}`)];
  const top = tabPage(0, document);
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const frameDoc = iframe.contentDocument!;
  const registry = listenerRegistry(iframe.contentWindow!, frameDoc);
  const game = tabPage(1, frameDoc); // the content script starts in the frame's initial document
  if (reopened) registry.reopen(`<body>${panelHtml(bound, 5)}</body>`);
  else frameDoc.body.innerHTML = panelHtml(bound, 5);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the observer's records
  game.session.scanNow(); // what the observer's scan reads
  await game.settled();
  later(1000);
  registry.press('Place bet'); // THE BET in the frame: seen only by a listener registered now
  later();
  frameDoc.body.innerHTML = panelHtml(chosen, 5); // after the bet: C2
  game.session.scanNow();
  await game.settled();
  later(1000);
  top.click(); // the player's next click, on the top page
  later();
  frameDoc.body.innerHTML = outcomeHtml(chosen, 5) + panelHtml(chosen, 6); // the bet's outcome on C2
  game.session.scanNow();
  await Promise.all([game.settled(), top.settled()]);
  game.unload();
  top.unload();
  await revealToWorker(chosen);
  return verdictOf(chosen, 5);
}

it('control: the bet seen in the frame: the pair shown after it is history', async () => {
  const verdict = await play(false);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).toBe('history');
});

it('closed: the frame reopened with document.open() (its listeners erased): the bet in it is still seen, so C2 shown after it, a click on the top page, the outcome on C2: not witnessed', async () => {
  const verdict = await play(true);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
