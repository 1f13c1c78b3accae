// Splits JSON text that arrives in pieces (a fetch answer read as it streams) into its complete
// values as each one ends, so the tap reads a round when it arrives, not when the answer ends: each
// object or array of newline-delimited (or concatenated) JSON, and each object or array element of
// a top-level array (a line that is an array gives its elements: the walker reads an array as its
// elements anyway). Pieces may break anywhere, inside a string or an escape too. Scalars are
// skipped (they hold no round). Memory is bounded: an element longer than `maxChars` is dropped,
// its end still found. A raw line break inside a string cannot be JSON: the torn value is dropped
// and reading starts afresh, so one torn line of JSON lines costs that line only. Never throws.

export const MAX_ELEMENT_CHARS = 1_000_000;

/** A splitter for one answer: each call takes the next piece of text and gives the values it completed, in order. */
export function streamSplitter(maxChars = MAX_ELEMENT_CHARS): (piece: string) => string[] {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The outermost value is an array: its elements are what is handed on. */
  let inArray = false;
  /** Inside an element being kept: its text so far, before this piece. */
  let keeping = false;
  let kept = '';
  return (piece) => {
    const done: string[] = [];
    /** Where the element being kept starts in this piece (0 when it began in an earlier one). */
    let from = 0;
    for (let index = 0; index < piece.length; index++) {
      const code = piece.charCodeAt(index);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 92) escaped = true;
        else if (code === 34) inString = false;
        else if (code === 10) depth = 0, inString = keeping = inArray = false, kept = '';
        continue;
      }
      if (code === 34) inString = true;
      else if (code === 123 || code === 91) {
        if (depth === 0) inArray = code === 91;
        if (depth === (inArray ? 1 : 0)) {
          keeping = true;
          kept = '';
          from = index;
        }
        depth++;
      } else if ((code === 125 || code === 93) && depth > 0) {
        depth--;
        if (keeping && depth === (inArray ? 1 : 0)) {
          keeping = false;
          const element = kept + piece.slice(from, index + 1);
          kept = '';
          if (element.length <= maxChars) done[done.length] = element;
        }
      }
    }
    if (keeping) {
      kept += piece.slice(from);
      // Too long to keep: dropped, its end still counted by depth.
      if (kept.length > maxChars) keeping = false, kept = '';
    }
    return done;
  };
}
