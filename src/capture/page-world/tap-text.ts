// The JSON a page's text traffic holds, however it is framed: a JSON document (a fetch/XHR answer,
// a WebSocket frame, a server-sent event's data, an embedded <script type="application/json">), a
// Socket.IO-style frame (`42["bet",{…}]`: a numeric packet type, maybe a namespace and an ack id,
// then JSON), or newline-delimited JSON (one value per line; also multi-line event data). Pure and
// total: any text gives a bounded list and never throws. Runs in the page's world (tap-install).

/** Text without any of these words cannot hold a round: not parsed at all. */
export const WORTH_PARSING = /seed|nonce|commitment|signature/i;
/** Lines read of one text as JSON lines; the rest is skipped. */
export const MAX_JSON_LINES = 10_000;
/** `42`, `42/chat,`, `431` before the JSON of a Socket.IO/Engine.IO frame. */
const PACKET_PREFIX = /^\d{1,4}(?:\/[^,[{]{0,200},)?\d{0,20}(?=[[{])/;

/** The JSON values `text` holds, in order (none when it holds no round-like word). */
export function jsonValues(text: string, parse: (text: string) => unknown = JSON.parse): unknown[] {
  if (!WORTH_PARSING.test(text)) return [];
  const body = text.replace(PACKET_PREFIX, '');
  try {
    return [parse(body)];
  } catch {
    // Not one document: maybe one per line.
  }
  const values: unknown[] = [];
  const lines = body.split('\n', MAX_JSON_LINES);
  for (const line of lines) {
    const start = line.trimStart()[0];
    if (start !== '{' && start !== '[') continue;
    try {
      values.push(parse(line));
    } catch {
      // A torn or foreign line says nothing; the others still count.
    }
  }
  return values;
}

/** Whether a script element holds data rather than code: a JSON type (Next.js's __NEXT_DATA__ has one). */
export function isJsonScript(type: string | null): boolean {
  return type !== null && /^\s*application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(type);
}
