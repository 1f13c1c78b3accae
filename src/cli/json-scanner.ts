// The CLI's side of the JSON scanner (core/json-array-scanner.ts): files are read as bytes, so
// each chunk is decoded here, a character cut between two chunks kept for the next one.
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { JsonArrayScanner as TextScanner } from '../core/json-array-scanner.js';

export { JsonScanError } from '../core/json-error.js';
export type { ScanHandlers, ScanOptions } from '../core/json-array-scanner.js';

export class JsonArrayScanner extends TextScanner {
  private readonly decoder = new StringDecoder('utf8');

  /** Feeds the next chunk: bytes (UTF-8, split anywhere) or already decoded text. Handlers run synchronously. */
  override write(chunk: Uint8Array | string): void {
    super.write(typeof chunk === 'string' ? chunk : this.decode(chunk));
  }

  /**
   * Exports and claim files are nearly all ASCII: such a chunk is read as latin1, which is a plain
   * copy, unless the decoder still holds the first bytes of a character cut by the last chunk.
   */
  private decode(bytes: Uint8Array): string {
    // `lastNeed` (bytes still missing of a cut character) is undocumented: if it ever goes away,
    // every chunk simply takes the decoder's path.
    if ((this.decoder as unknown as { lastNeed?: number }).lastNeed === 0 && isAscii(bytes)) {
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    }
    return this.decoder.write(bytes);
  }

  /** The input is complete: throws if the JSON stopped short. */
  override end(): void {
    super.write(this.decoder.end());
    super.end();
  }
}
