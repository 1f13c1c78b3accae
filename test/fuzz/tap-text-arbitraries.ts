// Generators shared by the fuzz targets of the page taps' text parsers (tap-frames, tap-events,
// tap-embedded, tap-ndjson): JSON values with rounds in them, and what real channels wrap them in.
import fc from 'fast-check';
import { GAME_NAMES, hex64, randomText } from './arbitraries.js';

/** A bet with seed-like keys in several spellings (always holding a word that makes it worth parsing). */
export const betValue = fc
  .record({
    server_seed: fc.oneof(hex64, fc.constant(null)),
    hashedServerSeed: hex64,
    clientSeed: fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 })),
    nonce: fc.oneof(fc.nat(), fc.nat().map(String)),
    outcome: fc.oneof(fc.nat(36).map(String), fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 10 })),
    game: fc.constantFrom(...GAME_NAMES),
  })
  .map((bet) => ({ bet, note: 'seed' }));

/** Any JSON value, or a bet, or a bet among JSON noise. */
export const jsonValue = fc.oneof(
  { weight: 3, arbitrary: betValue },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: fc.tuple(betValue, fc.jsonValue({ maxDepth: 1 })).map(([bet, noise]) => ({ data: { bets: { edges: [{ node: bet }] } }, noise })) },
);

/** A JSON text of a value, maybe indented (as event data spread over lines is). */
export const jsonText = fc.tuple(jsonValue, fc.constantFrom(undefined, 0, 1, 2, '\t')).map(([value, indent]) => ({ value, text: JSON.stringify(value, null, indent) }));

/** A proper prefix of a JSON object or array text: never valid JSON (its closing bracket is last). */
export const tornJson = fc.tuple(betValue, fc.nat()).map(([value, cut]) => {
  const text = JSON.stringify(value);
  return text.slice(0, cut % text.length);
});

/** Text a parser must survive: random, seed words with brackets, torn JSON, digits before brackets. */
export const junkText = fc.oneof(
  randomText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  tornJson,
  fc.tuple(fc.string({ unit: fc.constantFrom('{', '[', ']', '}', '"', ':', ',', '4', '2', '/', '\n', ' ', 's', 'e', 'd', 'nonce') , maxLength: 80 })).map(([text]) => `seed${text}`),
  fc.tuple(fc.nat(99_999), fc.string({ maxLength: 20 })).map(([digits, rest]) => `${digits}[${rest}seed`),
);
