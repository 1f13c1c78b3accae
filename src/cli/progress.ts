/**
 * "123456 rounds checked…" on stderr while a large file is verified. Only on a terminal, and not
 * when stdout is the same terminal: there the table's rows already show progress.
 */
export class Progress {
  private last = 0;
  private shown = false;
  private readonly enabled: boolean;

  constructor(
    private readonly stderr: NodeJS.WritableStream & { isTTY?: boolean },
    stdout: { isTTY?: boolean },
    private readonly interval = 200,
  ) {
    this.enabled = stderr.isTTY === true && stdout.isTTY !== true;
  }

  update(rounds: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < this.interval) return;
    this.last = now;
    this.shown = true;
    this.stderr.write(`\r${rounds} rounds checked…`);
  }

  clear(): void {
    if (this.shown) this.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}
