// @vitest-environment jsdom
// Through the real capture session: an outcome whose client seed the player's own key presses
// spelled in the panel's client seed field carries when the typing began (clientSeedTypedAt); one
// the page wrote into the field, or one typed elsewhere, does not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCapture } from '../../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

afterEach(() => document.body.replaceChildren());

function page() {
  document.body.innerHTML = '<label for="cs">Client Seed</label><input id="cs"><label for="stake">Stake</label><input id="stake"><button>Set client seed</button>';
  const addListener = vi.spyOn(window, 'addEventListener');
  let time = 1_000_000;
  const sent: CapturedClaim[] = [];
  const session = startCapture({
    document,
    send: async (claims) => void sent.push(...claims),
    now: () => time,
    scheduler: { minIntervalMs: 0, whenIdle: (callback: () => void) => callback() },
  });
  const listener = (name: string) => addListener.mock.calls.filter(([type, , capture]) => type === name && capture === true).at(-1)![1] as (event: unknown) => void;
  const [onKey, onPointer, onPaste] = [listener('keydown'), listener('pointerdown'), listener('paste')];
  addListener.mockRestore();
  const on = (selector: string) => ({ composedPath: () => [document.querySelector(selector)!] });
  return {
    sent,
    session,
    type(selector: string, text: string) {
      for (const key of text) onKey({ isTrusted: true, type: 'keydown', key, ...on(selector), ctrlKey: false, altKey: false, metaKey: false }), (time += 10);
    },
    paste: (selector: string, text: string) => onPaste({ isTrusted: true, type: 'paste', ...on(selector), clipboardData: { getData: () => text } }),
    press: (selector: string) => onPointer({ isTrusted: true, type: 'pointerdown', ...on(selector) }),
    outcome(clientSeed: string) {
      time += 100;
      document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds: [{ game: 'Keno', commitment: 'ab'.repeat(32), clientSeed, nonce: '1', result: ['1', '2'] }] }) }));
    },
    at: () => time,
  };
}

const typedAtOf = async (claims: CapturedClaim[], clientSeed: string) => {
  await vi.waitFor(() => expect(claims.some((claim) => claim.clientSeed === clientSeed)).toBe(true), { interval: 5 });
  return claims.find((claim) => claim.clientSeed === clientSeed)!.clientSeedTypedAt;
};

describe('a client seed the player typed', () => {
  it('typed in the field, then Set: the outcome on it carries the time of its first key', async () => {
    const p = page();
    const started = p.at();
    p.type('#cs', 'my-seed');
    p.press('button');
    p.outcome('my-seed');
    expect(await typedAtOf(p.sent, 'my-seed')).toBe(started);
    p.session.stop();
  });

  it('pasted into the field: counts too', async () => {
    const p = page();
    const started = p.at();
    p.paste('#cs', 'pasted-seed');
    p.outcome('pasted-seed');
    expect(await typedAtOf(p.sent, 'pasted-seed')).toBe(started);
    p.session.stop();
  });

  it('a value the keys did not spell (the page rewrote the field), or keys typed in another field: nothing', async () => {
    const p = page();
    p.type('#cs', 'my-seed');
    p.outcome('casino-seed');
    expect(await typedAtOf(p.sent, 'casino-seed')).toBeUndefined();
    p.type('#stake', 'other');
    p.outcome('other');
    expect(await typedAtOf(p.sent, 'other')).toBeUndefined();
    p.session.stop();
  });
});
