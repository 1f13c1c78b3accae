// @vitest-environment jsdom
// Red team, whether following the player's typing (player-seed.ts through capture-session.ts) lets
// the page learn that the extension is watching: no event dispatched, no markup or value changed,
// no focus or selection moved, no clipboard write, while the player clicks the client seed field,
// types, pastes and presses Set. (A page sees only what its own listeners see.)
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoPanel, later, pair, tabPage } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

it('held: typing, pasting and Set in the client seed field change nothing the page can observe', async () => {
  document.body.innerHTML = '<label for="cs">Client seed</label><input id="cs" value="casino-default"><button id="set">Set client seed</button>';
  const field = document.querySelector<HTMLInputElement>('#cs')!;
  const page = tabPage(0);
  page.tap([kenoPanel(pair('unobserved'), 1, 'casino-default')]);
  await page.settled();
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((found) => records.push(...found));
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const dispatched = vi.spyOn(EventTarget.prototype, 'dispatchEvent');
  const moved = [vi.spyOn(HTMLElement.prototype, 'focus'), vi.spyOn(HTMLElement.prototype, 'blur'), vi.spyOn(HTMLInputElement.prototype, 'select'), vi.spyOn(HTMLInputElement.prototype, 'setSelectionRange')];
  const events: string[] = [];
  for (const type of ['keydown', 'keyup', 'input', 'change', 'paste', 'copy', 'focus', 'blur', 'focusin', 'focusout', 'select', 'selectionchange']) document.addEventListener(type, () => events.push(type), true);
  later();
  page.pressOn(field);
  page.typeInto(field, 'mine');
  page.typeInto(field, ['Backspace', 'ArrowLeft', 'Tab']);
  page.pasteInto(field, 'pasted');
  page.pressOn(document.querySelector('#set')!);
  await page.settled();
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  expect(records).toEqual([]);
  expect(dispatched).not.toHaveBeenCalled();
  for (const spy of moved) expect(spy).not.toHaveBeenCalled();
  expect(events).toEqual([]);
  expect(field.value).toBe('casino-default');
  page.unload();
});
