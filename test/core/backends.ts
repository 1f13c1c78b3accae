// The hash backends every vector test runs against. The core takes a HashBackend so the CLI can
// use Node's native Keccak while the browser keeps @noble/hashes; each one must give the
// reference vectors bit for bit. Add any new backend to this one list.
import { nodeBackend } from '../../src/cli/node-hash-backend.js';
import { nobleBackend, type HashBackend } from '../../src/core/hashing.js';

export const BACKENDS: readonly HashBackend[] = [nobleBackend, nodeBackend];
