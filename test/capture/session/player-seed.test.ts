// The client seeds the player's own keys and pastes spelled (player-seed.ts): rebuilt from the
// trusted events alone, so a value the page put in the field is never taken for the player's.
import { describe, expect, it } from 'vitest';
import { playerSeeds } from '../../../src/capture/session/player-seed.js';

const field = {};
const typeInto = (seeds: ReturnType<typeof playerSeeds>, target: object, text: string, from: number) =>
  [...text].forEach((key, index) => seeds.key(target, key, false, from + index));

describe('playerSeeds', () => {
  it('a seed typed key by key counts from its first key once finished (Enter, Tab, a click elsewhere); no prefix on the way', () => {
    const seeds = playerSeeds();
    typeInto(seeds, field, 'abc1', 100);
    expect(seeds.typedAt('abc1')).toBeUndefined(); // still being typed
    seeds.key(field, 'Enter', false, 110);
    expect([seeds.typedAt('abc1'), seeds.typedAt('ab'), seeds.typedAt('abc2')]).toEqual([100, undefined, undefined]);
    const tabbed = playerSeeds();
    typeInto(tabbed, field, 'xy', 0);
    tabbed.key(field, 'Tab', false, 5);
    const clicked = playerSeeds();
    typeInto(clicked, field, 'zw', 0);
    clicked.elsewhere('click');
    expect([tabbed.typedAt('xy'), tabbed.typedAt('x'), clicked.typedAt('zw'), clicked.typedAt('z')]).toEqual([0, undefined, 0, undefined]);
  });

  it('a key that lands elsewhere (the page moved the focus) or in another field drops the typing unfinished; a later click does not finish it', () => {
    const seeds = playerSeeds();
    typeInto(seeds, field, 'half', 0);
    seeds.elsewhere('key');
    seeds.elsewhere('click');
    expect(seeds.typedAt('half')).toBeUndefined();
    typeInto(seeds, field, 'other', 10);
    typeInto(seeds, {}, 'x', 20); // the page moved the focus to another field
    seeds.elsewhere('click');
    expect([seeds.typedAt('other'), seeds.typedAt('x')]).toEqual([undefined, undefined]);
  });

  it('the focus moved with no click or Tab of the player\'s: the keys that land in a field are not followed; a click or a Tab puts it right', () => {
    const seeds = playerSeeds();
    seeds.elsewhere('key'); // keys in the chat…
    typeInto(seeds, field, 'cut', 0); // …then in the field: the page moved the focus
    seeds.elsewhere('click');
    seeds.clicked(field);
    typeInto(seeds, field, 'clicked', 10);
    seeds.elsewhere('click');
    seeds.elsewhere('key');
    seeds.elsewhere('tab');
    typeInto(seeds, field, 'tabbed', 20);
    seeds.key(field, 'Tab', false, 30);
    expect([seeds.typedAt('cut'), seeds.typedAt('clicked'), seeds.typedAt('tabbed')]).toEqual([undefined, 10, 20]);
  });

  it('a click in the field being typed may move the caret: the rest is not followed', () => {
    const seeds = playerSeeds();
    seeds.clicked(field);
    typeInto(seeds, field, 'ab', 0);
    seeds.clicked(field);
    typeInto(seeds, field, 'c', 5);
    seeds.elsewhere('click');
    expect([seeds.typedAt('ab'), seeds.typedAt('abc')]).toEqual([undefined, undefined]);
  });

  it('Backspace takes a key back; Shift is no key; a pasted seed counts (Ctrl+V itself adds nothing)', () => {
    const seeds = playerSeeds();
    typeInto(seeds, field, 'abx', 10);
    seeds.key(field, 'Backspace', false, 20);
    seeds.key(field, 'Shift', false, 21);
    seeds.key(field, 'C', false, 22);
    seeds.key(field, 'v', true, 23);
    seeds.paste(field, '-pasted', 24);
    expect(seeds.typedAt('abC-pasted')).toBe(10);
    const pasted = playerSeeds();
    pasted.paste(field, 'whole-seed', 5);
    expect(pasted.typedAt('whole-seed')).toBe(5);
  });

  it('a key it cannot follow (an arrow, Delete) makes the rest of that typing unknown', () => {
    const seeds = playerSeeds();
    typeInto(seeds, field, 'ab', 0);
    seeds.key(field, 'ArrowLeft', false, 5);
    typeInto(seeds, field, 'c', 6);
    seeds.key(field, 'Enter', false, 7);
    expect([seeds.typedAt('ab'), seeds.typedAt('abc'), seeds.typedAt('cab')]).toEqual([undefined, undefined, undefined]);
  });

  it('another field, or an action elsewhere (the Set button), starts the next typing anew', () => {
    const seeds = playerSeeds();
    typeInto(seeds, field, 'one', 0);
    seeds.elsewhere('click');
    typeInto(seeds, field, 'two', 50);
    seeds.key(field, 'Enter', false, 60);
    const other = {};
    seeds.clicked(other);
    typeInto(seeds, other, 'six', 90);
    seeds.key(other, 'Tab', false, 95);
    expect([seeds.typedAt('one'), seeds.typedAt('two'), seeds.typedAt('onetwo'), seeds.typedAt('six'), seeds.typedAt('twosix')]).toEqual([0, 50, undefined, 90, undefined]);
  });

  it('remembers a bounded number of values: a page that has the player finish many gets no unbounded memory', () => {
    const seeds = playerSeeds();
    for (let i = 0; i < 1000; i++) {
      typeInto(seeds, field, `v${i}`, i * 10);
      seeds.elsewhere('click'); // Set
    }
    expect(seeds.typedAt('v0')).toBeUndefined();
    expect(seeds.typedAt('v999')).toBe(9990);
  });
});
