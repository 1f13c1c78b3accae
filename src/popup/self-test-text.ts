// A failed self-test check in the player's language: the worker sends what was checked as codes
// (core/self-test.ts); the words come from _locales.
import type { SelfTestResult } from '../shared/records.js';
import type { Translate } from '../ui/i18n.js';
import { gameLabel, statusLabel } from '../ui/labels.js';

/** Why one check failed. A check stored by an older version, without codes, is named only as failed. */
export function selfTestCheckText(t: Translate, check: SelfTestResult['checks'][number]): string {
  const got = check.got === undefined ? '?' : statusLabel(t, check.got);
  const game = check.game === undefined ? '' : gameLabel(t, check.game);
  if (check.kind === 'reference') return t('selfTestReferenceFailed', [String(check.round ?? '?'), game, got]);
  if (check.kind === 'tamper') return t('selfTestTamperFailed', [game, got]);
  return t('selfTestCheckFailed');
}
