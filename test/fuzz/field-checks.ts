// The property every reader of untrusted input shares: each value it returns is one the input
// holds verbatim (never shortened, completed, joined or guessed), in the shape the claim expects.
import { FIELD_NAMES } from '../../src/capture/readers/fields.js';
import { CANONICAL_GAMES } from './arbitraries.js';
import { ELLIPSIS, show } from './harness.js';

export interface FieldRules {
  /** Whether the input holds `value` verbatim (a text node, an attribute, a JSON string…). */
  occurs(value: string): boolean;
  /** Readers of pasted text and JSON pass a truncated value on as written, for the check to refuse. */
  allowEllipsis: boolean;
  /** The game may be a canonical name implied by a heading, the title or a label's wording. */
  allowCanonicalGame: boolean;
}

const FIELDS = new Set<string>(FIELD_NAMES);

/** Every way `fields` breaks the rules, in words; empty when it keeps them. */
export function fieldProblems(fields: unknown, rules: FieldRules): string[] {
  const problems: string[] = [];
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return [`fields: not an object: ${show(fields)}`];
  for (const [field, value] of Object.entries(fields)) {
    if (!FIELDS.has(field)) {
      problems.push(`${field}: not a field name`);
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    if (Array.isArray(value) && field !== 'result' && field !== 'picks') problems.push(`${field}: a list, but only result and picks may be lists`);
    for (const item of items) {
      if (typeof item !== 'string') {
        problems.push(`${field}: ${show(item)} is not text`);
        continue;
      }
      if (field === 'game' && rules.allowCanonicalGame && CANONICAL_GAMES.has(item)) continue;
      if (!rules.allowEllipsis && ELLIPSIS.test(item)) problems.push(`${field}: ${show(item)} looks truncated`);
      if (!rules.occurs(item)) problems.push(`${field}: ${show(item)} does not occur verbatim in the input`);
    }
  }
  return problems;
}
