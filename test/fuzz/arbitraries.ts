// Generators shared by the fuzz targets: the casino's real label vocabulary (docs/design.md "What
// capture reads"), values as pages show them (full, truncated, chips), random text, and
// the casino's verifier programs' output (console.log of each line, test/popup/reference-output.ts).
import fc from 'fast-check';
import { format } from 'node:util';

/** Any JavaScript value, including the exotic ones a message or a parsed file could carry. */
export const anything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** Every label wording the design and the capture code name, English and German. */
export const LABELS = {
  game: ['Game', 'Game Name', 'Spiel', 'Spielname'],
  serverSeed: [
    'Server Seed',
    'Revealed Server Seed',
    'Server seed (revealed)',
    'Server Seed (revealed after the game)',
    'Unhashed Server Seed',
    'Server-Seed',
    'Offengelegter Server-Seed',
    'Server-Seed (offengelegt)',
  ],
  commitment: [
    'Commitment',
    'Commitment (shown before the game)',
    'Hashed Server Seed',
    'Server Seed Hash',
    'Server Seed (hashed)',
    'Gehashter Server-Seed',
    'Server-Seed-Hash',
    'Aktueller Server-Seed (gehasht)',
  ],
  clientSeed: ['Client Seed', 'Active Client Seed', 'Your Client Seed', 'Client-Seed', 'Dein Client-Seed'],
  nonce: ['Nonce', 'Next Nonce', 'Nächste Nonce'],
  roundSignature: ['Round Signature', 'Round Signature (can be verified after the game)', 'Rundensignatur'],
  result: ['Winning Number', 'Result', 'Gewinnzahl', 'Ergebnis', 'Winning Number (in the american version)', 'Drawn Numbers', 'Hits', 'Gezogene Zahlen', 'Ziehung'],
  picks: ['Your Picks', 'Selected Numbers', 'Picks', 'Deine Auswahl', 'Gewählte Zahlen'],
} as const;

export type LabelField = keyof typeof LABELS;
export const LABEL_FIELDS = Object.keys(LABELS) as LabelField[];
const ALL_LABELS: string[] = Object.values(LABELS).flat();

/** Wordings that look like labels but must not be read as one (qualified, or another thing). */
const NEAR_LABELS = ['Server Seed (next)', 'Next Server Seed (hashed)', 'Seed', 'Client', 'Nonce used', 'Results', 'Bet ID', 'Payout', 'Multiplier', 'Copy'];

export const GAME_NAMES = [
  'Roulette',
  'European Roulette',
  'Europäisches Roulette',
  'American Roulette',
  'Amerikanisches Roulette',
  'Keno',
  'Mines',
  'Dice: Golden Ticket',
  'Plinko',
];

/** Canonical names the capture code may put in `game` without the page spelling them so. */
export const CANONICAL_GAMES = new Set(['European Roulette', 'American Roulette', 'Roulette', 'Keno', 'Mines', 'Pump', 'Plinko', 'Dice', 'Golden Ticket', 'Limbo']);

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hexOf);
export const hexAny = fc.uint8Array({ minLength: 1, maxLength: 40 }).map(hexOf);

/** A label as a page writes it: any case, a trailing colon, an emoji in front, stray spaces. */
export const labelText = fc
  .tuple(
    fc.constantFrom(...ALL_LABELS, ...ALL_LABELS, ...NEAR_LABELS),
    fc.constantFrom('', ':', ' :', ': ', '\u00a0'),
    fc.constantFrom('', '', '🔒 ', '  ', '• '),
    fc.constantFrom('plain', 'plain', 'upper', 'lower'),
  )
  .map(([label, tail, head, kase]) => {
    const cased = kase === 'upper' ? label.toUpperCase() : kase === 'lower' ? label.toLowerCase() : label;
    return `${head}${cased}${tail}`;
  });

export const ELLIPSES = ['…', '...', '....'] as const;

/** "3f2a…9c1e" as a page shortens a long value. */
export function truncate(value: string, keep: number, ellipsis: string): string {
  return `${value.slice(0, keep)}${ellipsis}${value.slice(-keep)}`;
}

export const truncatedHex = fc
  .tuple(hex64, fc.integer({ min: 1, max: 12 }), fc.constantFrom(...ELLIPSES))
  .map(([value, keep, ellipsis]) => truncate(value, keep, ellipsis));

export const chip = fc.oneof(fc.integer({ min: 0, max: 40 }).map(String), fc.constant('00'));
export const nonceText = fc.oneof(fc.nat({ max: 10_000 }).map(String), fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String));

/** Random text of every kind: ASCII, any code point, graphemes, whitespace, separators. */
export const randomText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.stringMatching(/^[ \t\n\r\u00a0:.…,;[\]()"'`{}-]{0,8}$/),
);

/** A value as a page might show it next to a label. */
export const valueText = fc.oneof(
  { weight: 4, arbitrary: hex64 },
  { weight: 3, arbitrary: truncatedHex },
  { weight: 2, arbitrary: chip },
  { weight: 2, arbitrary: nonceText },
  { weight: 1, arbitrary: fc.array(chip, { minLength: 2, maxLength: 12 }).map((chips) => chips.join(', ')) },
  { weight: 1, arbitrary: fc.constantFrom(...GAME_NAMES) },
  { weight: 2, arbitrary: randomText },
  { weight: 1, arbitrary: fc.tuple(hexAny, fc.constantFrom(...ELLIPSES), hexAny).map(([a, e, b]) => `${a}${e}${b}`) },
  { weight: 1, arbitrary: fc.constantFrom('(hidden until you rotate)', '—', '-', 'n/a', 'Copy') },
);

/** "Label: value" lines, label/value line pairs and the reference program's lines. */
export const labelledLine = fc.oneof(
  fc.tuple(labelText, fc.constantFrom(': ', ':', '\t', ' : '), valueText).map(([label, separator, value]) => `${label.replace(/:\s*$/, '')}${separator}${value}`),
  fc.tuple(labelText, valueText).map(([label, value]) => `${label}\n${value}`),
  labelText,
  valueText,
  randomText,
);

/** Values quoted as JS would print them, bracketed lists, and lists over several lines. */
const listText = fc
  .tuple(fc.array(fc.oneof(chip, chip, randomText, fc.constantFrom('…', '...', '... 70 more items')), { maxLength: 14 }), fc.constantFrom(', ', ',', ' ', ',\n  ', '\n'))
  .map(([items, separator]) => `[ ${items.join(separator)} ]`);

// The reference programs print their lines with console.log, i.e. util.format of the arguments.
function referenceOutput(parts: { game: 'keno' | 'roulette'; commitment: string; serverSeed: string; clientSeed: string; nonce: number; signature: string; keno: number[]; roulette: string; version: string }): string {
  const lines = [
    format('📝 Commitment (shown before the game):', parts.commitment),
    format('🔒 Server Seed (revealed after the game):', parts.serverSeed),
    format('🎲 Client Seed:', parts.clientSeed),
    format('🔢 Nonce:', parts.nonce),
  ];
  if (parts.game === 'keno') {
    lines.push(format('🔁 Round Signature (can be verified after the game):', parts.signature));
    lines.push(format(`🎯 Hits:`, parts.keno));
  } else {
    lines.push(format(`🎯 Winning Number (in the ${parts.version} version):`, parts.roulette));
  }
  return lines.join('\n');
}

/** Client seeds a player may choose: free text on one line (the program prints it raw). */
export const clientSeedText = fc.oneof(
  hexAny,
  fc.stringMatching(/^[A-Za-z0-9_\-+=!?#$%&*@ äöüß✓😀[\](){}<>|/\\]{1,30}$/).filter((s) => s.trim() === s && !/^['"`]/.test(s)),
);

export const referenceRound = fc.record({
  game: fc.constantFrom('keno' as const, 'roulette' as const),
  commitment: hex64,
  serverSeed: hex64,
  clientSeed: clientSeedText,
  nonce: fc.nat(),
  signature: hex64,
  keno: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }).map((numbers) => numbers.sort((a, b) => a - b)),
  roulette: fc.oneof(fc.integer({ min: 0, max: 36 }).map(String), fc.constant('00')),
  version: fc.constantFrom('american', 'european'),
});

export const referenceText = referenceRound.map(referenceOutput);

/** A pasted or shown text: lines of every kind, the reference output, JSON and noise mixed. */
export const fairnessText = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof(labelledLine, listText), { maxLength: 14 }).chain((lines) => fc.constantFrom(lines.join('\n'), lines.join('\r\n'), lines.join('\n\n'))) },
  { weight: 2, arbitrary: referenceText },
  {
    weight: 2,
    arbitrary: fc
      .tuple(referenceText, fc.integer({ min: 0, max: 8 }), fc.array(labelledLine, { maxLength: 3 }))
      .map(([text, at, extra]) => {
        const lines = text.split('\n');
        lines.splice(Math.min(at, lines.length), 0, ...extra);
        return lines.join('\n');
      }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
);
