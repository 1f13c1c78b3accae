// Every HTTP request Firefox made, from its own HTTP log (MOZ_LOG=nsHttp:3, written by the parent
// process, where all of Firefox's networking happens, extension pages and the background included).
// The Firefox counterpart of Chromium's net log: Firefox has no initiator field, but a request an
// extension page or background sends carries `Origin: moz-extension://…` (cross-origin fetch/XHR),
// and the log has the headers as sent.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LoggedRequest {
  /** scheme://host/path as requested. */
  url: string;
  host: string;
  origin?: string;
  referer?: string;
}

/** The environment that makes Firefox write its HTTP log into `dir`. */
export const httpLogEnvironment = (dir: string): Record<string, string> => ({ MOZ_LOG: 'nsHttp:3', MOZ_LOG_FILE: join(dir, 'http') });

/** The requests in the order Firefox sent them. Read after the browser has closed (the log is complete then). */
export async function readHttpLog(dir: string): Promise<LoggedRequest[]> {
  const files = (await readdir(dir)).filter((name) => name.startsWith('http') && name.endsWith('.moz_log'));
  const requests: LoggedRequest[] = [];
  for (const file of files.sort()) requests.push(...parseHttpLog(await readFile(join(dir, file), 'utf8')));
  return requests;
}

/**
 * The requests in one log's text. Each "http request [" … "]" block is one request: its request
 * line and headers. Threads log at the same time, so another thread's lines can fall inside a
 * block: a block is the lines of the thread that opened it ("[Parent 1633: Main Thread]").
 */
export function parseHttpLog(text: string): LoggedRequest[] {
  const requests: LoggedRequest[] = [];
  const openBlocks = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    // "[Parent 123: Main Thread]: E/nsHttp   GET /path HTTP/1.1": the thread, then the text after the module name.
    const match = /^(\[[^\]]*\]): [A-Z]\/nsHttp ?(.*)$/.exec(line);
    if (!match) continue;
    const [, thread, message] = match as unknown as [string, string, string];
    const block = openBlocks.get(thread);
    if (message === 'http request [') openBlocks.set(thread, []);
    else if (block && message.trim() === ']') {
      openBlocks.delete(thread);
      const request = requestOf(block);
      if (request) requests.push(request);
    } else block?.push(message.trim());
  }
  return requests;
}

function requestOf(lines: string[]): LoggedRequest | undefined {
  const [method, target] = (lines[0] ?? '').split(' ');
  if (!method || !target) return undefined;
  const header = (name: string) => lines.find((line) => line.toLowerCase().startsWith(`${name}: `))?.slice(name.length + 2);
  const host = header('host') ?? '';
  // An absolute target is a request to a proxy; otherwise the log's request line has the path only.
  const url = /^[a-z]+:\/\//.test(target) ? target : `https://${host}${target}`;
  return { url, host, origin: header('origin'), referer: header('referer') };
}
