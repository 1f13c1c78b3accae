import { describe, expect, it } from 'vitest';
import { PermanentRefusal } from '../../../src/capture/session/outbox.js';
import { announcePage, claimSender, sayHello } from '../../../src/capture/session/worker-send.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const claims: CapturedClaim[] = [{ source: 'dom', nonce: '1', observedAt: {} }];

describe('claimSender', () => {
  it('sends one claims message and resolves when the worker stored it', async () => {
    const messages: unknown[] = [];
    await claimSender(async (message) => {
      messages.push(message);
      return { ok: true, value: { stored: 1, refused: [] } };
    })(claims);
    expect(messages).toEqual([{ type: 'claims', claims }]);
  });

  it('fails (to be retried) when the worker is away, busy or silent', async () => {
    await expect(claimSender(() => Promise.reject(new Error('Receiving end does not exist.')))(claims)).rejects.toThrow('Receiving end');
    await expect(claimSender(async () => ({ ok: false, failure: 'failed', error: 'storage is full' }))(claims)).rejects.not.toBeInstanceOf(PermanentRefusal);
    await expect(claimSender(async () => undefined)(claims)).rejects.toThrow('no reply');
  });

  it('reports a refusal that retrying cannot change, by the reply\'s code', async () => {
    await expect(claimSender(async () => ({ ok: false, failure: 'invalid-message', error: 'claims.0.nonce: nonce must be decimal digits' }))(claims)).rejects.toBeInstanceOf(PermanentRefusal);
    await expect(claimSender(async () => ({ ok: false, failure: 'sender-not-allowed', error: '' }))(claims)).rejects.toBeInstanceOf(PermanentRefusal);
  });

  it('never by the English of its text: a failure worded like a refusal is retried', async () => {
    await expect(claimSender(async () => ({ ok: false, failure: 'failed', error: 'invalid message: the disk said so' }))(claims)).rejects.not.toBeInstanceOf(PermanentRefusal);
    await expect(claimSender(async () => ({ ok: false, error: 'sender not allowed' }))(claims)).rejects.not.toBeInstanceOf(PermanentRefusal);
  });
});

describe('sayHello', () => {
  const noWait = async () => undefined;

  it('sends one hello and stops once the worker took it', async () => {
    const messages: unknown[] = [];
    expect(await sayHello(async (message) => (messages.push(message), { ok: true, value: true }), noWait)).toBe(true);
    expect(messages).toEqual([{ type: 'hello' }]);
  });

  it('tries again while the worker is away or fails, waiting longer each time, then gives up', async () => {
    const waits: number[] = [];
    let sent = 0;
    const send = async () => {
      sent++;
      if (sent === 1) throw new Error('Could not establish connection. Receiving end does not exist.');
      return { ok: false, error: 'the database is blocked' };
    };
    expect(await sayHello(send, async (ms) => void waits.push(ms), 3)).toBe(false);
    expect(sent).toBe(3);
    expect(waits).toEqual([500, 1000]);
  });

  it('a later try that the worker takes ends it', async () => {
    let sent = 0;
    expect(await sayHello(async () => (++sent < 2 ? undefined : { ok: true, value: true }), noWait)).toBe(true);
    expect(sent).toBe(2);
  });
});

describe('announcePage', () => {
  const pageEvent = (type: string, persisted: boolean) => Object.assign(new Event(type), { persisted });

  it('hello as the page loads and when it comes back from the back-forward cache; bye as it is left', async () => {
    const page = new EventTarget();
    const sent: unknown[] = [];
    let hellos = 0;
    announcePage(page as Window, async (message) => void sent.push(message), async () => ++hellos > 0);
    expect(hellos).toBe(1);
    page.dispatchEvent(pageEvent('pageshow', false));
    expect(hellos).toBe(1);
    page.dispatchEvent(pageEvent('pagehide', true));
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'bye' }]);
    page.dispatchEvent(pageEvent('pageshow', true));
    expect(hellos).toBe(2);
  });

  it('a bye the worker cannot take (the extension was reloaded) does not throw into the page', async () => {
    const page = new EventTarget();
    const tried: unknown[] = [];
    announcePage(page as Window, (message) => {
      tried.push(message);
      throw new Error('Extension context invalidated.');
    }, async () => true);
    // dispatchEvent never rethrows a listener's exception: Node reports it as an uncaught exception
    // (a rejected promise left unhandled, likewise), and vitest fails the test file on either. The
    // wait lets both surface here.
    page.dispatchEvent(pageEvent('pagehide', false));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tried).toEqual([{ type: 'bye' }]);
  });
});
