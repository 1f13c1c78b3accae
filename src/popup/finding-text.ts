// One finding of the cross-round audit as a sentence in the popup's language. The core writes an
// English `message` for the CLI; the popup never shows it, and builds its own from the finding's
// kind and fields, through the locale files, so a German player reads German.
import type { Finding } from '../core/index.js';
import type { Translate } from '../ui/i18n.js';

/** The sentence for `finding`, with its commitment shortened and its nonces as compact ranges. */
export function findingSentence(finding: Finding, t: Translate): string {
  const pair = shortHex(finding.commitment);
  const clientSeed = finding.clientSeed === undefined ? t('findingClientSeedUnknown') : clip(finding.clientSeed);
  const nonces = nonceText(finding.nonces, t);
  switch (finding.kind) {
    case 'nonce-gap':
      return t('findingNonceGap', [pair, clientSeed, nonces]);
    case 'nonce-repeat':
      return t('findingNonceRepeat', [pair, clientSeed, nonces]);
    case 'nonce-conflict':
      return t('findingNonceConflict', [pair, clientSeed, nonces]);
    case 'client-seed-changed':
      return t('findingClientSeedChanged', [pair, clientSeed, nonces]);
    case 'server-seed-reused':
      return t('findingServerSeedReused', pair);
    case 'several-commitments':
      return t('findingSeveralCommitments', [clientSeed, (finding.commitments ?? [finding.commitment]).map(shortHex).join(', ')]);
    case 'seed-conflict':
      return t('findingSeedConflict', [pair, (finding.serverSeeds ?? []).map(shortHex).join(', ')]);
    case 'file-disagrees':
      return t('findingFileDisagrees', [pair, clientSeed, nonces]);
  }
  // A kind this popup does not know (a newer worker than this page): named, never in the core's English.
  return t('findingUnknown', pair);
}

/** "nonce 8", "nonces 3–4, 9", or the words for none known. */
function nonceText(nonces: readonly string[] | undefined, t: Translate): string {
  if (nonces === undefined || nonces.length === 0) return t('findingNoncesUnknown');
  const shown = nonces.length > 8 ? [...nonces.slice(0, 7), '…'] : nonces;
  const single = nonces.length === 1 && !nonces[0]!.includes('–');
  return single ? t('findingNonce', nonces[0]!) : t('findingNonces', shown.join(', '));
}

function shortHex(hex: string): string {
  return hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}

function clip(text: string, length = 24): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
