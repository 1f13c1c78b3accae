// Red team, player-seed.ts: a chord (Ctrl, Alt or Meta held) was "left for the text to follow", but
// Ctrl+A then typing replaces the field's value, and Ctrl+X, Ctrl+Z, Ctrl+Backspace change it too.
// Sequence: the player types "abc", Ctrl+A, types "mine", Set: the field (and the player) hold
// "mine"; the keys were rebuilt as "abcmine", a value the player never set, credited as typed: one
// more client seed for the casino to choose between. Closed: a chord other than copy or paste
// (whose text comes as its own paste event) makes the rest of that typing unknown, as an arrow does.
import { expect, it } from 'vitest';
import { playerSeeds } from '../../src/capture/session/player-seed.js';

const field = {};

for (const chord of ['a', 'x', 'z', 'Backspace']) {
  it(`closed: Ctrl+${chord} in the middle of the typing: no value the field did not hold is credited`, () => {
    const seeds = playerSeeds();
    [...'abc'].forEach((key, index) => seeds.key(field, key, false, index));
    seeds.key(field, chord, true, 5);
    [...'mine'].forEach((key, index) => seeds.key(field, key, false, 10 + index));
    seeds.elsewhere('click');
    expect(seeds.typedAt('abcmine')).toBeUndefined();
    expect(seeds.typedAt('abmine')).toBeUndefined();
  });
}

it('held: Ctrl+C and Ctrl+V (its text a paste of its own) leave the typing followed', () => {
  const seeds = playerSeeds();
  [...'ab'].forEach((key, index) => seeds.key(field, key, false, index));
  seeds.key(field, 'Control', true, 4); // the Ctrl key's own press
  seeds.key(field, 'c', true, 5);
  seeds.key(field, 'Control', true, 6);
  seeds.key(field, 'v', true, 6);
  seeds.paste(field, 'cd', 7);
  seeds.elsewhere('click');
  expect(seeds.typedAt('abcd')).toBe(0);
});
