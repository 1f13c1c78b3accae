// @vitest-environment jsdom
// Which trusted actions are on a fairness control (capture/dom/fairness-control.ts): by the text the
// page gives the control, exactly, in English and German; the client seed field by its label.
import { afterEach, describe, expect, it } from 'vitest';
import { fairnessControlOf } from '../../../src/capture/dom/fairness-control.js';
import { addVocabulary } from '../../../src/capture/readers/labels.js';
import { VOCABULARIES } from '../../../src/shared/vocabularies/vocabulary.js';

const isFairnessControl = (event: Event): boolean => fairnessControlOf(event) !== undefined;

afterEach(() => document.body.replaceChildren());

/** A trusted-looking event whose path starts at `node` (as the window's capture listener sees it). */
const eventOn = (node: EventTarget): Event => ({ composedPath: () => [node, document.body, document, window] }) as unknown as Event;
const html = (markup: string): HTMLElement => {
  document.body.innerHTML = markup;
  return document.body.firstElementChild as HTMLElement;
};

describe('fairnessControlOf', () => {
  it('the demo casino\'s fairness controls, in English and German, and what is inside them (an icon, a span)', () => {
    const words = ['Rotate seed pair', 'Set client seed', 'Hide seed pair', 'Show seed pair', 'Seed-Paar wechseln', 'Client-Seed setzen', 'Seed-Paar ausblenden', 'Seed-Paar einblenden', 'Provably Fair'];
    for (const word of words) expect([word, isFairnessControl(eventOn(html(`<button>${word}</button>`)))]).toEqual([word, true]);
    const inner = html('<button><svg></svg><span>Rotate seed pair</span></button>').querySelector('span')!;
    expect(isFairnessControl(eventOn(inner))).toBe(true);
  });

  it('in the casino\'s other languages once the worker sent their words (Turkish, Japanese): the controls, and the client seed field by its label', () => {
    const words = ['Tohum çiftini değiştir', 'İstemci tohumunu ayarla', 'シードペアを変更', 'クライアントシードを設定'];
    const before = words.map((word) => isFairnessControl(eventOn(html(`<button>${word}</button>`))));
    addVocabulary(VOCABULARIES.tr);
    addVocabulary(VOCABULARIES.ja);
    expect(before).toEqual(words.map(() => false));
    for (const word of words) expect([word, fairnessControlOf(eventOn(html(`<button>${word}</button>`)))]).toEqual([word, 'control']);
    html('<div><label for="cs">İstemci tohumu</label><input id="cs"></div>');
    expect(fairnessControlOf(eventOn(document.getElementById('cs')!))).toBe('client-seed');
    // A bet button stays one in any language.
    expect(isFairnessControl(eventOn(html('<button>Bahis yap</button>')))).toBe(false);
  });

  it('the client seed field, by its label, aria-label or placeholder', () => {
    html('<div><label for="cs">Client Seed</label><input id="cs"></div>');
    expect(fairnessControlOf(eventOn(document.getElementById('cs')!))).toBe('client-seed');
    expect(fairnessControlOf(eventOn(html('<button>Rotate seed pair</button>')))).toBe('control');
    expect(isFairnessControl(eventOn(html('<input aria-label="Aktueller Client-Seed">')))).toBe(true);
    expect(isFairnessControl(eventOn(html('<input placeholder="Your client seed">')))).toBe(true);
  });

  it('bet, pick and stake controls are not; nor a fairness word with more words, nor text outside a control', () => {
    const others = ['<button>Place bet</button>', '<button>Spin</button>', '<button>7</button>', '<button>Quick pick</button>', '<button>Rotate seed pair and bet</button>', '<div>Rotate seed pair</div>'];
    for (const markup of others) expect([markup, isFairnessControl(eventOn(html(markup)))]).toEqual([markup, false]);
    html('<div><label for="stake">Stake</label><input id="stake"></div>');
    expect(isFairnessControl(eventOn(document.getElementById('stake')!))).toBe(false);
  });

  it('never throws, whatever the event: an event without a path, a text node, the window', () => {
    expect(isFairnessControl({} as Event)).toBe(false);
    expect(isFairnessControl(eventOn(document.createTextNode('Rotate seed pair')))).toBe(false);
    expect(isFairnessControl(eventOn(window))).toBe(false);
  });
});
