// @vitest-environment jsdom
// What the content script's tally (src/capture/readers/capture-tally.ts) learns from real scans: values a
// page lays out so that no round forms (the demo's history by column) are counted as in no round,
// by field and shape; a page whose rounds form has its values placed.
import { describe, expect, it } from 'vitest';
import { UNGROUPED_EXTRAS, UNGROUPED_ROUNDS, ungroupedBody } from '../../../scripts/demo-casino/ungrouped-page.js';
import { captureTally, pageTally } from '../../../src/capture/readers/capture-tally.js';
import { startCapture } from '../../../src/capture/session/capture-session.js';
import { CLIENT, COMMITMENT, page } from '../dom.js';

const snapshot = () => structuredClone(pageTally.tally);

describe('the tally of a scanned page', () => {
  it('a layout the scanner cannot group: every value counted, in no round, listed by field and shape', () => {
    const before = snapshot().counts.dom ?? [0, 0, 0];
    const bareBefore = snapshot().bare ?? 0;
    const session = startCapture({ document: page(ungroupedBody('en'), 'Keno'), send: async () => undefined });
    session.scanNow();
    session.scanNow(); // scanned again: nothing counted twice
    session.stop();
    const after = snapshot();
    expect(after.counts.dom!.map((count, index) => count - before[index]!)).toEqual([6, 0, 6]);
    expect(after.seen).toEqual(expect.arrayContaining([
      ['dom', 'clientSeed', 'h64', 0],
      ['dom', 'nonce', 'i', 0],
      ['dom', 'result', 'L10i', 0],
    ]));
    expect((after.bare ?? 0) - bareBefore).toBe(1); // the one 64-hex text with no label
    const text = JSON.stringify(after);
    for (const round of UNGROUPED_ROUNDS) expect(text).not.toContain(round.clientSeed.slice(0, 8));
    expect(text).not.toContain(UNGROUPED_EXTRAS.unlabelled.slice(0, 8));
  });

  it("the tap's key notes are counted under the channel their event names, forged ones left out", () => {
    const document = page('', 'Keno');
    const session = startCapture({ document, send: async () => undefined });
    const keys = [['layoutSeedV9', 'h64', 0, 2], [`seed${UNGROUPED_EXTRAS.keyed.slice(0, 8)}`, 'h64', 0, 1], ['layoutSeedV9', UNGROUPED_EXTRAS.keyed, 0, 1]];
    document.dispatchEvent(new CustomEvent('fair-witness:json', { detail: JSON.stringify({ rounds: [], channel: 'websocket', keys }) }));
    document.dispatchEvent(new CustomEvent('fair-witness:json', { detail: JSON.stringify({ rounds: [], channel: 'websocket', keys: [keys[0]] }) }));
    session.stop();
    expect(snapshot().keys).toContainEqual(['websocket', 'layoutSeedV9', 'h64', 0, 4]);
    expect(JSON.stringify(snapshot())).not.toContain(UNGROUPED_EXTRAS.keyed.slice(0, 8));
  });

  it('a panel the scanner reads: its values are placed in one round', () => {
    const before = snapshot().counts.dom ?? [0, 0, 0];
    const panel = `<section><dl><dt>Commitment</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>7</dd></dl></section>`;
    const session = startCapture({ document: page(panel, 'Keno'), send: async () => undefined });
    session.scanNow();
    session.stop();
    expect(snapshot().counts.dom!.map((count, index) => count - before[index]!)).toEqual([3, 1, 0]);
  });

  it('rounds read inside an open shadow root are counted under shadow, the rest under dom', () => {
    // Rounds not seen by the tests before (the tally is the page's one, shared by this file's tests).
    const before = snapshot().counts;
    const document = page(`<section><dl><dt>Commitment</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>17</dd></dl></section>`, 'Keno');
    const component = document.createElement('x-round');
    component.attachShadow({ mode: 'open' }).innerHTML = `<section><dl><dt>Commitment</dt><dd>${COMMITMENT.replace(/^20/, '21')}</dd><dt>Client Seed</dt><dd>${CLIENT.replace(/^f0/, 'a0')}</dd><dt>Nonce</dt><dd>18</dd></dl></section>`;
    document.body.append(component);
    const session = startCapture({ document, send: async () => undefined });
    session.scanNow();
    session.stop();
    const after = snapshot().counts;
    const rounds = (channel: 'dom' | 'shadow') => (after[channel]?.[1] ?? 0) - (before[channel]?.[1] ?? 0);
    expect([rounds('dom'), rounds('shadow')]).toEqual([1, 1]);
  });

  it('the JSON tap’s channel comes with its event; a page cannot speak for the DOM channels', async () => {
    const document = page('', 'Keno');
    const session = startCapture({ document, send: async () => undefined });
    const before = snapshot().counts;
    const round = { commitment: COMMITMENT, clientSeed: CLIENT };
    ['xhr', 'dom', undefined].forEach((channel, nonce) => {
      document.dispatchEvent(new CustomEvent('fair-witness:json', { detail: JSON.stringify({ rounds: [{ ...round, nonce: String(nonce) }], channel }) }));
    });
    session.stop();
    const after = snapshot().counts;
    const added = (channel: 'xhr' | 'fetch' | 'dom') => (after[channel]?.[1] ?? 0) - (before[channel]?.[1] ?? 0);
    expect([added('xhr'), added('fetch'), added('dom')]).toEqual([1, 2, 0]);
  });

  it('values inside open shadow roots are counted under the shadow channel, not the light DOM', () => {
    const document = page('', 'Keno');
    const host = document.createElement('x-panel');
    host.attachShadow({ mode: 'open' }).innerHTML =
      `<section><dl><dt>Commitment</dt><dd>${COMMITMENT}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>9</dd></dl></section>` +
      `<aside><dl><dt>Client Seed</dt><dd>${CLIENT.replace('f', 'e')}</dd></dl></aside>`;
    document.body.append(host);
    const before = snapshot().counts;
    const session = startCapture({ document, send: async () => undefined });
    session.scanNow();
    session.stop();
    const after = snapshot();
    const added = (channel: 'dom' | 'shadow') => (after.counts[channel] ?? [0, 0, 0]).map((count, index) => count - (before[channel]?.[index] ?? 0));
    expect(added('shadow')).toEqual([4, 1, 1]);
    expect(added('dom')).toEqual([0, 0, 0]);
    expect(after.seen).toEqual(expect.arrayContaining([['shadow', 'clientSeed', 'h16', 0]]));
  });

  it('a fresh tally starts empty', () => {
    expect(captureTally().tally).toEqual({ counts: {}, seen: [] });
  });
});
