// The page-world taps' cost on the page's own thread (issue #13): per message, in real Chromium
// with the production build, on a demo channel page (page-tap.js installed at document_start).
//
// In the page, a burst of realistic messages — the demo's state with 20 rounds (~9 KB), as each
// channel frames it — is dispatched on a real WebSocket / EventSource (created through the tap's
// constructor, so the tap's listener is on them), or added as JSON script elements. Two figures:
// - in the page's event: the dispatch loop timed by the page, less the same loop on a plain
//   EventTarget (or elements of a type the tap does not read): what the tap adds to each event;
// - on the page's thread in all: from a CDP trace, every call into page-tap.js and content.js
//   (the tap's sliced reading on its timer: parse, walk, and the content script taking the
//   rounds), summed, per message.
// A burst is the tap's per-second budget (200 messages); bursts are a second apart.
import { channelState, embeddedJson, scriptSafe, socketFrame, sseData } from '../demo-casino/channel-messages.ts';
import { median, newPageWithTabId } from './ext-browser.mjs';
import { mainFrameId } from './ext-scan.mjs';
import { extensionWork, startTrace } from './ext-trace.mjs';

/** Runs in the page: the burst, `runs` times; per-message times in ms. */
async function burstInPage({ kind, text, messages, runs, rounds }) {
  const timer = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Until every message's rounds reached the content script's channel (or two timer turns for a message without any). */
  const settled = async (count) => {
    const deadline = performance.now() + 20_000;
    await timer();
    await timer();
    while (rounds && count() < messages && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const session = document.body.dataset.session;
  const target =
    kind === 'sse' ? new EventSource(`/api/channel/events?session=${session}`) : kind === 'websocket' ? new WebSocket(`wss://${location.host}/api/channel/socket?session=${session}&format=plain`) : undefined;
  const burst = (into, type) => {
    const start = performance.now();
    if (into) for (let i = 0; i < messages; i++) into.dispatchEvent(new MessageEvent('message', { data: text }));
    else
      for (let i = 0; i < messages; i++) {
        const script = document.createElement('script');
        script.type = type;
        script.textContent = text;
        document.body.append(script);
      }
    return { start, dispatched: performance.now() };
  };
  const results = [];
  for (let run = 0; run < runs; run++) {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    let tapEvents = 0;
    const onTap = () => tapEvents++;
    document.addEventListener('fair-witness:json', onTap);
    const tapped = burst(target, 'application/json');
    await settled(() => tapEvents);
    document.removeEventListener('fair-witness:json', onTap);
    const plain = burst(target ? new EventTarget() : undefined, 'text/x-not-read');
    for (const script of document.querySelectorAll('body > script')) script.remove();
    results.push({ inEvent: (tapped.dispatched - tapped.start - (plain.dispatched - plain.start)) / messages, tapEvents });
  }
  target?.close();
  return results;
}

export async function measureTaps(casino, session, { messages = 200, runs = 5 } = {}) {
  casino.reset();
  for (let i = 0; i < 20; i++) casino.bet(i % 2 ? 'keno' : 'roulette-european', i % 2 ? [1, 2, 3, 4, 5] : undefined);
  casino.rotateSeedPair();
  const state = channelState(casino.state());
  const ticker = JSON.stringify({ type: 'ticker', prices: Array.from({ length: 50 }, (_, i) => ({ market: `m${i}`, price: 1 + i / 100 })) });
  const cases = [
    ['WebSocket, plain JSON frame with 20 rounds', 'websocket', socketFrame(state, 'plain')],
    ['WebSocket, GraphQL frame with 20 rounds (snake_case)', 'websocket', socketFrame(state, 'graphql')],
    ['WebSocket, Socket.IO frame with 20 rounds', 'websocket', socketFrame(state, 'socketio')],
    ['WebSocket, a frame with no round (a price ticker)', 'websocket', ticker],
    ['EventSource, multi-line event data with 20 rounds', 'sse', sseData(state)],
    ['JSON script element added, 20 rounds', 'embedded', scriptSafe(embeddedJson(state))],
    // One huge frame (an order book or a lobby dump): a round, then 90 000 small objects. A burst of 4 (the per-second character budget).
    ['WebSocket, one 0.8 MB frame: a round and 90 000 small objects', 'websocket', JSON.stringify({ type: 'book', round: state.rounds[0], items: Array.from({ length: 90_000 }, (_, i) => ({ a: i % 10 })) }), 4],
  ];
  const { page } = await newPageWithTabId(session);
  const origin = casino.origin.replace(/:\d+$/, '');
  await page.goto(`${origin}/casino/channel/websocket`);
  const frameId = await mainFrameId(session.context, page);
  const results = [];
  for (const [what, kind, text, burst = messages] of cases) {
    const trace = await startTrace(session.context, page);
    const runsOut = await page.evaluate(burstInPage, { kind, text, messages: burst, runs, rounds: text !== ticker });
    const { calls } = extensionWork(await trace.stop(), session.extensionId, frameId);
    const extension = calls.filter((call) => call.script === 'page-tap.js' || call.script === 'content.js');
    results.push({
      what,
      bytes: text.length,
      inEvent: median(runsOut.map((run) => run.inEvent)),
      total: extension.reduce((sum, call) => sum + call.ms, 0) / (burst * runs),
      burst,
      longestTap: extension.filter((call) => call.script === 'page-tap.js').reduce((max, call) => Math.max(max, call.ms), 0),
      longestContent: extension.filter((call) => call.script === 'content.js').reduce((max, call) => Math.max(max, call.ms), 0),
      tapEvents: runsOut.map((run) => run.tapEvents),
    });
  }
  await page.close();
  return results;
}
