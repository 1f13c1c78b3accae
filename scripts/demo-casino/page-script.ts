// The casino's page script, served as /static/casino.js (compiled from this file by the server).
// Like a real single-page casino it never reloads: actions go to the JSON API with fetch, then the
// page fetches its own HTML again and swaps the changed [data-slot] parts in place, so the
// extension's MutationObserver sees new and changed rounds, and its JSON tap sees the API answers.
export {};

const KENO_MAX_PICKS = 10;
const body = document.body;
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('fair-witness-demo') : null;
let refreshing: Promise<void> = Promise.resolve();

bootstrap();
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) void onButton(button);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.id === 'client-seed') {
    void act('/api/client-seed', { clientSeed: event.target.value });
  }
});
// Other tabs and frames of the demo (the embedded history) follow each change.
channel?.addEventListener('message', () => void refresh());

/**
 * Real casino front-ends load the session's seed pair and bet history from their API on start.
 * The answers are not needed here (the server already rendered them), but the requests are made
 * the same way, one with fetch and one with XMLHttpRequest, because the extension's JSON tap
 * listens to both.
 */
function bootstrap(): void {
  // The embedded history stays server-rendered, so only the frame's DOM can tell the extension about it.
  if (body.dataset.page === 'lobby' || body.dataset.page === 'embed' || body.dataset.page === 'frame') return;
  void fetch('/api/seed-pair', { headers: { accept: 'application/json' } }).then((response) => response.json()).catch(() => undefined);
  const request = new XMLHttpRequest();
  request.open('GET', '/api/history');
  request.setRequestHeader('accept', 'application/json');
  request.responseType = 'json';
  request.send();
}

async function onButton(button: HTMLButtonElement): Promise<void> {
  const { action, cheat, number } = button.dataset;
  if (number !== undefined) return togglePick(button);
  if (cheat !== undefined) return act('/__demo/cheat', { mode: cheat });
  switch (action) {
    case 'bet': {
      // The bet form's stake when the page has one (the embedded page does not: the server's default applies).
      const stakeInput = document.getElementById('stake');
      const stake = stakeInput instanceof HTMLInputElement ? { stake: stakeInput.value } : {};
      return button.dataset.game === 'keno' ? act('/api/bet', { game: 'keno', picks: picks(), ...stake }) : act('/api/bet', { game: button.dataset.game, ...stake });
    }
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

async function act(path: string, payload: unknown): Promise<void> {
  body.dataset.busy = 'true';
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer: unknown = await response.json().catch(() => null);
    const error = typeof answer === 'object' && answer !== null && 'error' in answer ? String(answer.error) : `HTTP ${response.status}`;
    message(response.ok ? '' : error);
    await refresh();
    channel?.postMessage('changed');
  } catch (error) {
    message(String(error));
  } finally {
    delete body.dataset.busy;
  }
}

function message(text: string): void {
  const element = document.querySelector('[data-role="message"]');
  if (element) element.textContent = text;
}

/** Serialised, so a slow earlier refresh can never overwrite a later one. */
function refresh(): Promise<void> {
  refreshing = refreshing.then(swapSlots).catch((error: unknown) => message(String(error)));
  return refreshing;
}

async function swapSlots(): Promise<void> {
  const response = await fetch(location.href, { headers: { accept: 'text/html' } });
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  if (fresh.body.dataset.rounds !== undefined) body.dataset.rounds = fresh.body.dataset.rounds;
  for (const slot of document.querySelectorAll<HTMLElement>('[data-slot]')) {
    const next = fresh.querySelector<HTMLElement>(`[data-slot="${slot.dataset.slot}"]`);
    if (!next) continue;
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
