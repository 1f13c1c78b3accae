// Small HTML helpers shared by the page renderers.
import { createHash } from 'node:crypto';

export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A generated-looking class name ("sc-3f2a1b"), stable across runs. Real casino front-ends ship
 * hashed class names that change every release; the scanner must read labels, never classes.
 */
export function cls(name: string): string {
  return `sc-${createHash('sha256').update(name).digest('hex').slice(0, 6)}`;
}

/** "3f2a1b…9c1e0d": how long hex is shown; the full value travels in an attribute. */
export function truncate(value: string, ellipsis: '…' | '...' = '…'): string {
  return value.length > 16 ? `${value.slice(0, 6)}${ellipsis}${value.slice(-6)}` : value;
}

/** One <span> per number, no separators between them — as chip UIs render. */
export function chips(numbers: readonly number[], hits: ReadonlySet<number> = new Set()): string {
  return numbers.map((n) => `<span class="${cls(hits.has(n) ? 'chip-hit' : 'chip')}">${n}</span>`).join('');
}

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export function rouletteChip(number: string): string {
  const colour = number === '0' || number === '00' ? 'green' : RED.has(Number(number)) ? 'red' : 'black';
  return `<span class="${cls(`pocket-${colour}`)}">${esc(number)}</span>`;
}
