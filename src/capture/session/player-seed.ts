// The client seeds the player typed or pasted into the seed-pair panel's field, rebuilt from the
// trusted key presses and pastes alone (never read from the field): a page that rewrites the field
// as the player types, even with input events a script makes look trusted, shows a value the keys
// did not spell, and nothing is credited to the player. A seed counts from its first key: from
// then on the page could know part of it. Only a value the player finished counts: Enter or Tab in
// the field, a click elsewhere (the "Set" button), or a paste; never each prefix the keys spelled on
// the way, which would let the casino choose among them (test/attack/client-seed-typed.test.ts). A
// key that lands elsewhere (the page moved the focus) or in another field drops the typing
// unfinished. Pure (the capture session feeds it the events).

/** Values remembered: a page can have the player finish many (a chat box labelled "client seed"). */
const MAX_TYPED = 128;

export interface PlayerSeeds {
  /** A trusted key press in a client seed field: `key` as KeyboardEvent.key; `chord` when Ctrl, Alt or Meta was held. */
  key(field: object, key: string, chord: boolean, at: number): void;
  /** A trusted paste of `text` into a client seed field. */
  paste(field: object, text: string, at: number): void;
  /**
   * A trusted action anywhere else: the next key in the field starts anew. `finished`: a click (the
   * field's "Set" button), which finishes what was typed; a key press elsewhere drops it (the page
   * can move the focus away in the middle of the typing).
   */
  elsewhere(finished: boolean): void;
  /** When the player began typing `value`, if the keys and pastes spelled exactly it. */
  typedAt(value: string): number | undefined;
}

export function playerSeeds(): PlayerSeeds {
  let field: object | undefined;
  /** What the keys spelled so far in `field` (null: a key we cannot follow, such as an arrow, came). */
  let text: string | null = '';
  let startedAt = 0;
  const typed = new Map<string, number>();
  const add = (more: string, at: number): void => {
    if (text === '') startedAt = at;
    text += more;
  };
  const note = (): void => {
    if (!text || typed.has(text)) return;
    if (typed.size >= MAX_TYPED) typed.delete(typed.keys().next().value!);
    typed.set(text, startedAt);
  };
  const begin = (target: object): void => {
    if (target !== field) [field, text] = [target, ''];
  };
  return {
    key(target, key, chord, at) {
      begin(target);
      if (text === null || chord) return; // Ctrl+V comes back as a paste; Ctrl+A and the like leave the text to follow
      if (key.length === 1) add(key, at);
      else if (key === 'Backspace') text = text.slice(0, -1);
      else if (key === 'Enter' || key === 'Tab') note();
      else if (key !== 'Shift') text = null;
    },
    paste(target, pasted, at) {
      begin(target);
      if (text === null) return;
      add(pasted, at);
      note();
    },
    elsewhere(finished) {
      // Only the typing still going on: one a key elsewhere dropped is not finished by a later click.
      if (finished && field !== undefined) note();
      [field, text] = [undefined, ''];
    },
    typedAt: (value) => typed.get(value),
  };
}
