// Reads fairness details written as lines: a fairness panel copied from the page ("Label: value",
// "Label<TAB>value", or a label line followed by its value line), or the casino's reference
// program output ("🔒 Server Seed (revealed after the game): …", "🎯 Hits: [ … ]" over several
// lines as Node prints arrays). The content script reads preformatted blocks of a page with it;
// the popup's paste parser (src/popup/paste-parser.ts) also reads a JSON round. It only reads, the core
// checks. A value is kept as written (a truncated one too, so the check can say so).
import { LIST_FIELDS, type FairnessFields, type FieldName } from './fields.js';
import { matchGameName, matchLabel, MAX_LABEL_LENGTH, type LabelMatch } from './labels.js';

export type { FairnessFields } from './fields.js';

export const MAX_TEXT = 1_000_000;
/** Node prints 10 numbers over 2–3 lines; more than this is not one array. */
const MAX_ARRAY_LINES = 60;

interface Labelled {
  match: LabelMatch;
  value: string;
}

/** "Label: value" or "Label<TAB>value"; a bare label line gives an empty value. */
function splitLabelled(line: string): Labelled | undefined {
  // Separators first: folding drops punctuation, so "Hits: [" would also match as a bare label.
  for (const separator of [':', '\t']) {
    const index = line.indexOf(separator);
    if (index <= 0 || index > MAX_LABEL_LENGTH) continue;
    const match = matchLabel(line.slice(0, index));
    if (match) return { match, value: line.slice(index + 1).trim() };
  }
  const whole = matchLabel(line);
  return whole ? { match: whole, value: '' } : undefined;
}

/** Quotes around a whole value are syntax (pasted JS or JSON), not part of it. */
function unquote(text: string): string {
  const quoted = /^(['"`])(.*)\1,?$/s.exec(text);
  return quoted ? quoted[2]! : text;
}

export function listItems(text: string): string[] | undefined {
  const inner = text.replace(/^\[/, '').replace(/\]$/, '');
  const items = inner
    .split(/[\s,;]+/)
    .filter((item) => item !== '')
    .map(unquote);
  // Node abbreviates long arrays ("... 70 more items"): such a list is not the whole draw.
  return items.some((item) => /^\.\.\.|^more$|^items?$/.test(item)) ? undefined : items;
}

function toValue(field: FieldName, raw: string): string | string[] | undefined {
  const text = unquote(raw.trim());
  if (text === '') return undefined;
  const bracketed = text.startsWith('[') && text.endsWith(']');
  if (field === 'picks' || (field === 'result' && bracketed)) return listItems(text);
  return text;
}

export function parseFairnessLines(text: string): FairnessFields {
  if (typeof text !== 'string') return {};
  const input = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const lines = input.split(/\r\n|\r|\n/).map((line) => line.trim());
  const fields: Partial<Record<FieldName, string | string[]>> = {};
  let gameLine: string | undefined;
  let gameHint: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '') continue;
    const labelled = splitLabelled(line);
    if (!labelled) {
      if (gameLine === undefined && matchGameName(line) !== undefined) gameLine = line;
      continue;
    }
    let value = labelled.value;
    if (value === '') {
      // The value is on the next line, unless that line is the next label (the value is missing).
      let next = index + 1;
      while (next < lines.length && lines[next] === '') next++;
      if (next >= lines.length || splitLabelled(lines[next]!)) continue;
      value = lines[next]!;
      index = next;
    }
    const field = labelled.match.field;
    // Only a list continues over lines (Node prints the keno draw so); a seed that starts with "["
    // (client seeds are free text) is one line, and the lines after it are read on their own.
    if (LIST_FIELDS.has(field) && value.startsWith('[') && !value.includes(']')) {
      const parts = [value];
      let next = index + 1;
      for (; next < lines.length && next <= index + MAX_ARRAY_LINES; next++) {
        parts.push(lines[next]!);
        if (lines[next]!.includes(']')) break;
      }
      const joined = parts.join(' ');
      // A list that does not close (at most a trailing comma after "]") is no value: never a text
      // glued from several lines. Its lines are then read on their own.
      if (!/\],?$/.test(joined)) continue;
      value = joined.replace(/,$/, '');
      index = next;
    }
    const parsed = toValue(field, value);
    if (parsed !== undefined && fields[field] === undefined) {
      fields[field] = parsed;
      gameHint ??= labelled.match.gameHint;
    }
  }

  const game = (fields.game as string | undefined) ?? gameLine ?? gameHint;
  if (game !== undefined) fields.game = game;
  return fields as FairnessFields;
}
