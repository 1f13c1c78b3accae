// Reads what a player pastes into the popup's "Check a round" form: a JSON round (as the casino's
// API sends it, read by the JSON tap's walker), or fairness details written as lines
// (capture/readers/text-parser.ts). Kept apart from text-parser.ts so the content script, which reads only lines
// from a page, does not carry the JSON walker.
import type { FairnessFields } from '../capture/readers/fields.js';
import { extractRounds, type TapRound } from '../capture/readers/json-tap.js';
import { listItems, MAX_TEXT, parseFairnessLines } from '../capture/readers/text-parser.js';

export type { FairnessFields } from '../capture/readers/fields.js';

function fromJson(text: string): FairnessFields | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const round: TapRound | undefined = extractRounds(parsed)[0];
  if (!round) return undefined;
  const fields: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(round)) {
    if (value === undefined) continue;
    if (field === 'picks') fields[field] = typeof value === 'string' ? (listItems(value) ?? []) : value;
    else if (field === 'result' || typeof value === 'string') fields[field] = value;
  }
  return fields as FairnessFields;
}

export function parseFairnessText(text: string): FairnessFields {
  if (typeof text !== 'string') return {};
  const trimmed = (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text).trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const json = fromJson(trimmed);
    if (json) return json;
  }
  return parseFairnessLines(text);
}
