// The client seeds the player typed or pasted into the seed-pair panel's field, rebuilt from the
// trusted key presses and pastes alone (never read from the field): a page that rewrites the field
// as the player types, even with input events a script makes look trusted, shows a value the keys
// did not spell, and nothing is credited to the player. A seed counts from its first key: from
// then on the page could know part of it. Only a value the player finished counts: Enter or Tab in
// the field, a click elsewhere (the "Set" button), or a paste; never each prefix the keys spelled on
// the way, which would let the casino choose among them (test/attack/client-seed-typed.test.ts).
// The focus is the page's: a key that lands in another field than the one being typed, or in a
// field after keys that landed elsewhere, with no click or Tab of the player's in between, is a
// focus the page moved in the middle of the typing (to cut it where it likes), and that typing is
// not followed. Pure (the capture session feeds it the events).
import { remember } from './bounded.js';

/** Values remembered: a page can have the player finish many (a chat box labelled "client seed"). */
const MAX_TYPED = 128;
/** Keys that only hold a modifier: no change to the field. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'CapsLock']);

export interface PlayerSeeds {
  /** A trusted key press in a client seed field: `key` as KeyboardEvent.key; `chord` when Ctrl, Alt or Meta was held. */
  key(field: object, key: string, chord: boolean, at: number): void;
  /** A trusted paste of `text` into a client seed field. */
  paste(field: object, text: string, at: number): void;
  /** A trusted click on a client seed field: the player put the focus (and the caret) there. */
  clicked(field: object): void;
  /**
   * A trusted action anywhere else: a click (the field's "Set" button) finishes what was typed; a
   * key press drops it, and the next key in a field is not followed until a click or a Tab (`tab`:
   * the player moved the focus on).
   */
  elsewhere(action: 'click' | 'tab' | 'key'): void;
  /** When the player began typing `value`, if the keys and pastes spelled exactly it. */
  typedAt(value: string): number | undefined;
}

export function playerSeeds(): PlayerSeeds {
  let field: object | undefined;
  /** What the keys spelled so far in `field` (null: a key we cannot follow, such as an arrow, came). */
  let text: string | null = '';
  let startedAt = 0;
  /** A key landed outside the field being typed since the player's last click or Tab. */
  let moved = false;
  const typed = new Map<string, number>();
  const add = (more: string, at: number): void => {
    if (text === '') startedAt = at;
    text += more;
  };
  const note = (): void => {
    if (text && !typed.has(text)) remember(typed, text, startedAt, MAX_TYPED);
  };
  /** A key or paste in `target`: a new field is followed only when the player put the focus there. */
  const begin = (target: object): void => {
    if (target === field) return;
    text = field !== undefined || moved ? null : '';
    field = target;
  };
  const leave = (): void => {
    [field, text] = [undefined, ''];
  };
  return {
    key(target, key, chord, at) {
      begin(target);
      if (text === null) return;
      // Ctrl+V comes back as a paste, Ctrl+C changes nothing; any other chord may (select all then
      // type, cut, undo, delete a word, AltGr's characters): the rest is not followed.
      if (MODIFIERS.has(key)) return; // the Ctrl key's own press comes with ctrlKey set
      if (chord) {
        if (!/^[cv]$/i.test(key)) text = null;
        return;
      }
      if (key.length === 1) add(key, at);
      else if (key === 'Backspace') text = text.slice(0, -1);
      else if (key === 'Enter') note();
      else if (key === 'Tab') {
        note();
        leave();
        moved = false;
      } else text = null;
    },
    paste(target, pasted, at) {
      begin(target);
      if (text === null) return;
      add(pasted, at);
      note();
    },
    clicked(target) {
      moved = false;
      // A click in the field being typed may move the caret: the rest is not followed.
      if (target === field) text = text ? null : text;
      else [field, text] = [target, ''];
    },
    elsewhere(action) {
      // Only the typing still going on: one a key elsewhere dropped is not finished by a later click.
      if (action === 'click' && field !== undefined) note();
      leave();
      moved = action === 'key';
    },
    typedAt: (value) => typed.get(value),
  };
}
