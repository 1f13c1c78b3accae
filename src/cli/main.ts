// The `fair-witness` command: parses the command line, runs one command, turns every expected
// failure into one line on stderr and an exit code. bin/fair-witness.js calls `main`.
import { parseCommandLine } from './args.js';
import { EXIT_INTERNAL, EXIT_OK, EXIT_UNUSABLE, InputError, UsageError } from './errors.js';
import { helpText } from './help.js';
import type { Io } from './io.js';
import { roundCommand } from './round-command.js';
import { verifyCommand } from './verify-command.js';
import { VERSION } from './version.js';
import { printable } from '../core/index.js';

export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  try {
    const command = parseCommandLine(argv);
    switch (command.kind) {
      case 'help':
        io.stdout.write(helpText(command.topic));
        return EXIT_OK;
      case 'version':
        io.stdout.write(`fair-witness ${VERSION}\n`);
        return EXIT_OK;
      case 'round':
        return roundCommand(command, io);
      case 'verify':
        return await verifyCommand(command, io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`fair-witness: ${printable(error.message)} (see fair-witness --help)\n`);
      return EXIT_UNUSABLE;
    }
    if (error instanceof InputError) {
      io.stderr.write(`fair-witness: ${printable(error.message)}\n`);
      return EXIT_UNUSABLE;
    }
    // A bug in fair-witness, not in the input: still one line, the stack only on request.
    const detail = process.env.FAIR_WITNESS_DEBUG ? `\n${(error as Error)?.stack ?? ''}` : ' (set FAIR_WITNESS_DEBUG=1 for details)';
    io.stderr.write(`fair-witness: internal error: ${printable(error instanceof Error ? error.message : String(error))}${detail}\n`);
    return EXIT_INTERNAL;
  }
}

function processIo(): Io {
  // `fair-witness verify big.json | head`: a closed pipe ends the run quietly, as other tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
    throw error;
  });
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}
