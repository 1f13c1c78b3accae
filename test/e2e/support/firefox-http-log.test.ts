import { describe, expect, it } from 'vitest';
import { parseHttpLog } from './firefox-http-log.js';

const main = (text: string) => `[Parent 1633: Main Thread]: E/nsHttp ${text}`;
const socket = (text: string) => `[Parent 1633: Socket Thread]: E/nsHttp ${text}`;

describe('parseHttpLog', () => {
  it('reads a request line and its headers', () => {
    const log = [main('http request ['), main('  GET /static/casino.js HTTP/1.1'), main('  Host: www.cloudbet.com'), main('  Origin: moz-extension://abc'), main('  '), main(']')];
    expect(parseHttpLog(log.join('\n'))).toEqual([{ url: 'https://www.cloudbet.com/static/casino.js', host: 'www.cloudbet.com', origin: 'moz-extension://abc', referer: undefined }]);
  });

  // Seen in CI: another thread's block closed inside this one, leaving a request without its Host.
  it('keeps each thread to its own block when threads log at the same time', () => {
    const log = [
      main('http request ['),
      main('  GET /static/casino.js HTTP/1.1'),
      socket('http request ['),
      socket('  GET /v1/ HTTP/1.1'),
      socket('  Host: firefox.settings.services.mozilla.com'),
      socket(']'),
      main('  Host: www.cloudbet.com'),
      main('  Referer: https://www.cloudbet.com/casino'),
      main(']'),
    ];
    expect(parseHttpLog(log.join('\n')).map((request) => [request.url, request.referer])).toEqual([
      ['https://firefox.settings.services.mozilla.com/v1/', undefined],
      ['https://www.cloudbet.com/static/casino.js', 'https://www.cloudbet.com/casino'],
    ]);
  });

  it('leaves out a block the log ends inside of (never closed)', () => {
    expect(parseHttpLog([main('http request ['), main('  GET / HTTP/1.1')].join('\n'))).toEqual([]);
  });
});
