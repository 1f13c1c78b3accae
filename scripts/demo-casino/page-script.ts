// The casino's page script, served as /static/casino.js (compiled from this file by the server).
// Like a real single-page casino it never reloads: actions go to the JSON API with fetch, then the
// page fetches its own HTML again and swaps the changed [data-slot] parts in place, so the
// extension's MutationObserver sees new and changed rounds, and its JSON tap sees the API answers.
export {};

const KENO_MAX_PICKS = 10;
/** 'self-play': rounds the page plays by itself after it loads, and the pause before each. */
const SELF_PLAY_ROUNDS = 3;
const SELF_PLAY_GAP_MS = 400;
const body = document.body;
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('fair-witness-demo') : null;
let refreshing: Promise<void> = Promise.resolve();
let busyTasks = 0;
/** The player closed the seed-pair panel (client-side only: refreshes leave it closed). */
let panelClosed = false;
let selfPlayStarted = false;
/** 'answer-at-press': this press was answered already. */
let answered = false;

bootstrap();
if (body.dataset.page === 'reopened') void writeGameFrame();
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) void onButton(button);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.id === 'client-seed') {
    void act('/api/client-seed', { clientSeed: event.target.value });
  }
});
// 'answer-at-press': answered while the press is handled, at the extension's read-now event (which
// it once sent at each trusted press) or at the page's own first listener, whichever comes first.
document.addEventListener('fair-witness:read-now', answerPress);
window.addEventListener('pointerdown', () => {
  answerPress();
  answered = false;
}, true);
// 'reload-after-bet': this page came after a bet whose result it holds; any click shows it.
const heldRound = Number(body.dataset.heldRound);
if (heldRound > 0) {
  document.addEventListener('pointerdown', () => void busyWhile(async () => void (await post('/api/settle', { id: heldRound }), await refresh())), { once: true });
}
// Other tabs and frames of the demo (the embedded history) follow each change.
channel?.addEventListener('message', () => void refresh());
// Its listeners are in place: a test on a page held loading waits for this before it presses (the
// script at the end of a held page may run well after the markup before it is on screen).
body.dataset.script = 'ready';

/**
 * Real casino front-ends load the session's seed pair and bet history from their API on start.
 * The answers are not needed here (the server already rendered them), but the requests are made
 * the same way, one with fetch and one with XMLHttpRequest, because the extension's JSON tap
 * listens to both.
 */
function bootstrap(): void {
  // The embedded history stays server-rendered, so only the frame's DOM can tell the extension about it.
  if (body.dataset.page === 'lobby' || body.dataset.page === 'embed' || body.dataset.page === 'frame' || body.dataset.page === 'reopened') return;
  void fetch('/api/seed-pair', { headers: { accept: 'application/json' } }).then((response) => response.json()).catch(() => undefined);
  const request = new XMLHttpRequest();
  request.open('GET', '/api/history');
  request.setRequestHeader('accept', 'application/json');
  request.responseType = 'json';
  request.send();
  void selfPlay();
}

async function onButton(button: HTMLButtonElement): Promise<void> {
  const { action, cheat, number, pairMode } = button.dataset;
  if (number !== undefined) return togglePick(button);
  if (cheat !== undefined) {
    await act('/__demo/cheat', { mode: cheat });
    // This tab starts playing by itself if that is the cheat now (other tabs only follow the change).
    return void selfPlay();
  }
  if (pairMode !== undefined) return act('/__demo/pair-mode', { mode: pairMode });
  switch (action) {
    case 'bet':
      return busyWhile(() => placeBet(button.dataset.game ?? '').then(() => undefined));
    case 'auto-bet': {
      // One click, several rounds: each placed as the bet button does, one after the other.
      const count = Math.min(Math.max(Number(button.dataset.count) || 1, 1), 100);
      return busyWhile(async () => {
        for (let i = 0; i < count; i++) if (!(await placeBet(button.dataset.game ?? ''))) return;
      });
    }
    case 'toggle-seed-pair':
      return busyWhile(() => togglePanel(button));
    case 'quick-pick':
      return quickPick();
    case 'clear':
      return setPicks([]);
    case 'rotate':
      return act('/api/rotate', {});
    case 'set-client-seed': {
      const input = document.getElementById('client-seed');
      return act('/api/client-seed', { clientSeed: input instanceof HTMLInputElement ? input.value : '' });
    }
    case 'reset-demo':
      return act('/__demo/reset', {});
  }
}

/**
 * One bet. Usually the answer has the result and one refresh shows it. When the casino holds the
 * result back (a held-result cheat), the answer has none: the page renders what it has (the seed
 * pair panel), waits as told, asks for the result, and renders again — two separate updates.
 */
async function placeBet(game: string): Promise<boolean> {
  // The bet form's stake when the page has one (the embedded page does not: the server's default applies).
  const stakeInput = document.getElementById('stake');
  const stake = stakeInput instanceof HTMLInputElement ? { stake: stakeInput.value } : {};
  const answer = await post('/api/bet', game === 'keno' ? { game, picks: picks(), ...stake } : { game, ...stake });
  // 'reload-after-bet': the page goes away with the bet's click; the next page shows a pair chosen after it.
  if (answer.ok && (answer.value as { reload?: unknown } | null)?.reload === true) {
    setTimeout(() => location.reload(), 200);
    return true;
  }
  await refresh();
  channel?.postMessage('changed');
  if (!answer.ok) return false;
  const pending = pendingOf(answer.value);
  if (pending === undefined) return true;
  // A page held loading (?loading=hold) shows the result at the player's next press, wherever it is.
  await (body.dataset.settle === 'press' ? new Promise((resolve) => window.addEventListener('pointerdown', resolve, { once: true })) : sleep(pending.settleInMs));
  const settled = await post('/api/settle', { id: pending.id });
  await refresh();
  channel?.postMessage('changed');
  return settled.ok;
}

function pendingOf(answer: unknown): { id: number; settleInMs: number } | undefined {
  if (typeof answer !== 'object' || answer === null || !('pending' in answer)) return undefined;
  const pending = answer.pending as { id?: unknown; settleInMs?: unknown } | null;
  if (typeof pending?.id !== 'number') return undefined;
  return { id: pending.id, settleInMs: typeof pending.settleInMs === 'number' ? Math.min(pending.settleInMs, 5000) : 0 };
}

/**
 * 'answer-at-press': while the press is being handled, the casino picks a fresh seed (it could pick
 * one against the hovered bet) and the page shows its panel at once, synchronously, so that a
 * reading the extension makes in the same moment sees it as shown before the press.
 */
function answerPress(): void {
  // Only a press on a bet button (`:hover` tells which one, even inside the extension's event).
  if (answered || !document.querySelector('button[data-action="bet"]:hover')) return;
  if (document.querySelector('[data-demo-controls]')?.getAttribute('data-cheat') !== 'answer-at-press') return;
  answered = true;
  const press = new XMLHttpRequest();
  press.open('POST', '/api/press', false);
  press.setRequestHeader('content-type', 'application/json');
  press.send('{}');
  const page = new XMLHttpRequest();
  page.open('GET', location.href, false);
  page.send();
  const fresh = new DOMParser().parseFromString(page.responseText, 'text/html').querySelector('[data-slot="seed-pair"]');
  if (fresh) document.querySelector('[data-slot="seed-pair"]')?.replaceWith(document.importNode(fresh, true));
}

/** Closes the seed-pair panel (an empty placeholder stays, which refreshes leave alone) or opens it again. */
async function togglePanel(button: HTMLButtonElement): Promise<void> {
  panelClosed = !panelClosed;
  button.setAttribute('aria-expanded', String(!panelClosed));
  button.textContent = (panelClosed ? button.dataset.showText : button.dataset.hideText) ?? button.textContent;
  if (!panelClosed) return refresh();
  const placeholder = document.createElement('section');
  placeholder.dataset.slot = 'seed-pair';
  placeholder.dataset.panel = 'closed';
  placeholder.hidden = true;
  document.querySelector('[data-slot="seed-pair"]')?.replaceWith(placeholder);
}

/**
 * 'self-play': the page places rounds by itself, as a script can: synthetic pointer and key events
 * (untrusted) and button.click() — no player did anything. Started once per page load: when the
 * page loads with the cheat on, or in the tab whose demo button turned it on (other open tabs, which
 * only follow the change, do not start).
 */
async function selfPlay(): Promise<void> {
  if (selfPlayStarted || body.dataset.page !== 'game') return;
  if (document.querySelector('[data-demo-controls]')?.getAttribute('data-cheat') !== 'self-play') return;
  selfPlayStarted = true;
  const button = document.querySelector<HTMLButtonElement>('button[data-action="bet"]');
  if (!button) return;
  if (button.dataset.game === 'keno') quickPick();
  for (let round = 1; round <= SELF_PLAY_ROUNDS; round++) {
    await sleep(SELF_PLAY_GAP_MS);
    while (body.dataset.busy === 'true') await sleep(50);
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, pointerType: 'mouse' }));
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    button.click();
    while (body.dataset.busy === 'true') await sleep(50);
    body.dataset.selfPlayed = String(round);
  }
}

function boardCells(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('[data-role="keno-board"] [data-number]')];
}

function picks(): number[] {
  return boardCells()
    .filter((cell) => cell.getAttribute('aria-pressed') === 'true')
    .map((cell) => Number(cell.dataset.number));
}

function setPicks(numbers: number[]): void {
  for (const cell of boardCells()) cell.setAttribute('aria-pressed', String(numbers.includes(Number(cell.dataset.number))));
}

function togglePick(cell: HTMLButtonElement): void {
  const on = cell.getAttribute('aria-pressed') === 'true';
  if (!on && picks().length >= KENO_MAX_PICKS) return message(`At most ${KENO_MAX_PICKS} numbers.`);
  cell.setAttribute('aria-pressed', String(!on));
}

/** Ten distinct random numbers; the player's picks do not affect fairness, so any RNG will do. */
function quickPick(): void {
  const pool = boardCells().map((cell) => Number(cell.dataset.number));
  const chosen: number[] = [];
  while (chosen.length < KENO_MAX_PICKS && pool.length > 0) {
    const [random] = crypto.getRandomValues(new Uint32Array(1));
    chosen.push(pool.splice(random! % pool.length, 1)[0]!);
  }
  setPicks(chosen);
}

/** Marks the page busy (body[data-busy], which the end-to-end tests wait on) while `task` runs; shows its error. */
async function busyWhile(task: () => Promise<void>): Promise<void> {
  busyTasks++;
  body.dataset.busy = 'true';
  try {
    await task();
  } catch (error) {
    message(String(error));
  } finally {
    if (--busyTasks === 0) delete body.dataset.busy;
  }
}

/** An action: POST, then render the page's new state (and tell the other tabs). */
function act(path: string, payload: unknown): Promise<void> {
  return busyWhile(async () => {
    await post(path, payload);
    await refresh();
    channel?.postMessage('changed');
  });
}

/** POSTs JSON; shows the server's error message, if any, in the page. */
async function post(path: string, payload: unknown): Promise<{ ok: boolean; value: unknown }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  const answer: unknown = await response.json().catch(() => null);
  const error = typeof answer === 'object' && answer !== null && 'error' in answer ? String(answer.error) : `HTTP ${response.status}`;
  message(response.ok ? '' : error);
  return { ok: response.ok, value: answer };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function message(text: string): void {
  const element = document.querySelector('[data-role="message"]');
  if (element) element.textContent = text;
}

/**
 * '/embed/reopened': the game page's HTML written into the page's about:blank frame with
 * document.open(), write() and close() (pages.ts reopenedPage). The written document's address is
 * this page's, so the game page's own address goes with it, for its refreshes (swapSlots).
 */
async function writeGameFrame(): Promise<void> {
  const frame = document.querySelector<HTMLIFrameElement>('iframe[name="game"]')!;
  const src = frame.dataset.src!;
  const page = await (await fetch(src, { cache: 'no-store' })).text();
  const game = frame.contentDocument!;
  game.open();
  game.write(page.replace('<body ', `<body data-href="${src}" `));
  game.close();
}

/** Serialised, so a slow earlier refresh can never overwrite a later one. */
function refresh(): Promise<void> {
  refreshing = refreshing.then(swapSlots).catch((error: unknown) => message(String(error)));
  return refreshing;
}

async function swapSlots(): Promise<void> {
  // Past the HTTP cache: Firefox holds a request for the URL of a page still loading (?loading=hold) until it has loaded.
  const response = await fetch(body.dataset.href ?? location.href, { headers: { accept: 'text/html' }, cache: 'no-store' });
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  if (fresh.body.dataset.rounds !== undefined) body.dataset.rounds = fresh.body.dataset.rounds;
  for (const slot of document.querySelectorAll<HTMLElement>('[data-slot]')) {
    const next = fresh.querySelector<HTMLElement>(`[data-slot="${slot.dataset.slot}"]`);
    if (!next) continue;
    if (slot.dataset.slot === 'seed-pair' && panelClosed) continue;
    if (slot.dataset.slot === 'history') reconcile(slot, next);
    else if (slot.outerHTML !== next.outerHTML) slot.replaceWith(document.importNode(next, true));
  }
}

/**
 * History entries are matched by data-round-id: an unchanged entry stays the same node, a new one
 * is inserted, a changed one (revealed after rotation) is replaced — as a keyed UI framework does.
 */
function reconcile(current: HTMLElement, next: HTMLElement): void {
  const existing = new Map<string, Element>();
  for (const child of current.children) {
    const id = child.getAttribute('data-round-id');
    if (id !== null) existing.set(id, child);
  }
  const wanted = [...next.children].map((child) => {
    const id = child.getAttribute('data-round-id');
    const old = id === null ? undefined : existing.get(id);
    return old && old.outerHTML === child.outerHTML ? old : document.importNode(child, true);
  });
  for (const child of [...current.children]) if (!wanted.includes(child)) child.remove();
  wanted.forEach((child, index) => {
    if (current.children[index] !== child) current.insertBefore(child, current.children[index] ?? null);
  });
}
