import { once } from 'node:events';

/**
 * Collects output text and hands it to a stream in large writes, waiting when the stream's
 * buffer is full: `verify` on a million rounds writes as it goes, never holding all its output.
 */
export class OutputSink {
  private text = '';
  /** The stream's buffer was full at the last write: wait for 'drain' before writing more. */
  private blocked = false;

  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly highWater = 1 << 16,
  ) {}

  write(text: string): void {
    this.text += text;
    // Hand over full buffers at once: a long-lived string of thousands of pieces would survive
    // young-generation collections and burden the old one. Backpressure waits in flush().
    if (this.text.length >= this.highWater) {
      this.blocked = !this.stream.write(this.text) || this.blocked;
      this.text = '';
    }
  }

  /** Flushes when enough has gathered (`force`: always); resolves once the stream can take more. */
  async flush(force = false): Promise<void> {
    if (this.text.length > 0 && (force || this.text.length >= this.highWater)) {
      this.blocked = !this.stream.write(this.text) || this.blocked;
      this.text = '';
    }
    if (this.blocked) {
      this.blocked = false;
      await once(this.stream, 'drain');
    }
  }
}
