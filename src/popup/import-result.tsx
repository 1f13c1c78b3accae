// What an import did, or why a file cannot be imported, in the user's words.
import { EXPORT_VERSION } from '../core/index.js';
import type { FieldIssue, ImportRefusal } from '../shared/messages.js';
import { countText, type Translate } from '../ui/i18n.js';
import type { ChainBreak } from '../core/export-seal.js';
import type { ImportFileProblem, ImportSeal, ImportTotals } from './import-file.js';
import { fieldLabel } from './problem-text.js';

const megabytes = (bytes: number) => String(Math.ceil(bytes / (1024 * 1024)));

export function importProblemText(t: Translate, problem: ImportFileProblem): string {
  switch (problem.kind) {
    case 'too-big':
      return t('importTooBig', [megabytes(problem.bytes), megabytes(problem.limit)]);
    case 'not-json':
      return problem.line === undefined ? t('importNotJsonAnywhere') : t('importNotJson', [problem.line, problem.column ?? '?']);
    case 'wrong-version':
      return t('importWrongVersion', [problem.found, String(EXPORT_VERSION)]);
    case 'envelope-late':
      return t('importEnvelopeLate');
    case 'round-too-long':
      return t('importRoundTooLong', [String(problem.round), String(problem.limit)]);
    case 'empty':
      return t('importEmpty');
    case 'member-too-long':
      return t('importMemberTooLong', String(problem.limit));
    case 'wrong-format': {
      const found = problem.found;
      const what = found === 'list' ? t('importFoundList') : 'format' in found ? `"${found.format}"` : t('importFoundOther', found.type);
      return t('importWrongFormat', what);
    }
  }
}

const FIELD_ISSUE_KEYS: Record<FieldIssue['issue'], string> = {
  type: 'importFieldType',
  'too-long': 'problemTooLong',
  'too-many': 'importFieldTooMany',
  form: 'importFieldForm',
};

/** Why the worker refused one round of the file (background/import.ts), in the user's words. */
export function importRefusalText(t: Translate, refusal: ImportRefusal): string {
  const fields = (names: string[]) => names.map((name) => fieldLabel(t, name)).join(', ');
  switch (refusal.code) {
    case 'not-object':
      return t('importRefusedNotObject');
    case 'game-missing':
      return t('problemMissing', fieldLabel(t, 'game'));
    case 'field':
      return t(FIELD_ISSUE_KEYS[refusal.issue] ?? 'importFieldType', [fieldLabel(t, refusal.field), '', String(refusal.limit ?? '')]);
    case 'no-round':
      return t('importRefusedNoRound');
    case 'store-full':
      return t('importRefusedStoreFull');
    case 'captured': {
      const parts = [
        ...(refusal.differs.length > 0 ? [t('importCapturedDiffers', fields(refusal.differs))] : []),
        ...(refusal.fills.length > 0 ? [t('importCapturedFills', fields(refusal.fills))] : []),
      ];
      return t('importRefusedCaptured', parts.join('; '));
    }
  }
}

/** One change a sealed file's chain showed, in the user's words (places numbered from 1). */
export function sealBreakText(t: Translate, found: ChainBreak): string {
  switch (found.kind) {
    case 'edited':
      return t('importSealEdited', String(found.position));
    case 'missing':
      return t('importSealDropped', [String(found.index + 1), String(found.to + 1)]);
    case 'out-of-order':
      return t('importSealMoved', String(found.position));
    case 'duplicated':
      return t('importSealTwice', String(found.position));
    case 'added':
      return t('importSealAdded', String(found.position));
    case 'count':
      return t('importSealCount', [String(found.sealed), String(found.found)]);
    case 'chain':
      return t('importSealChain');
  }
}

/** What the file's seal was to this browser, with the changes a changed one showed. */
function SealNote({ t, seal, restored, broken }: { t: Translate; seal: ImportSeal; restored: number; broken: boolean }) {
  if (seal.kind === 'none') return null;
  const line =
    seal.kind === 'this-install'
      ? t('importSealRestored', String(restored))
      : seal.kind === 'other-install'
        ? t('importSealOther')
        : seal.kind === 'missing'
          ? t('importSealMissing')
          : seal.kind === 'malformed'
            ? t('importSealMalformed', seal.field)
            : t('importSealChanged');
  const breaks = 'breaks' in seal && seal.kind === 'changed' ? seal.breaks : [];
  return (
    <div class="import-seal" data-seal={seal.kind}>
      <p>{line}</p>
      {broken && <p>{t('importSealBroken')}</p>}
      {breaks.length > 0 && (
        <ul>
          {breaks.map((found, index) => (
            <li key={index}>{sealBreakText(t, found)}</li>
          ))}
          {seal.kind === 'changed' && seal.breakCount > breaks.length && <li>…</li>}
        </ul>
      )}
    </div>
  );
}

/** The counts, and each refused round with its reason (numbered from 1, as in the file). */
export function ImportReportView({ t, totals }: { t: Translate; totals: ImportTotals }) {
  const { added, updated, known, refused, refusedCount } = totals;
  return (
    <div
      class="import-report"
      data-import-result
      data-restored={totals.restored ?? 0}
      data-added={added}
      data-updated={updated}
      data-known={known}
      data-refused={refusedCount}
    >
      <p>{t('importDone', [String(added), String(updated), String(known), String(refusedCount)])}</p>
      {totals.seal && <SealNote t={t} seal={totals.seal} restored={totals.restored ?? 0} broken={totals.sealBroken === true} />}
      {refusedCount > 0 && (
        <ul class="import-refused">
          {refused.map(({ index, refusal }) => (
            <li key={index}>{t('importRefusedRound', [String(index + 1), importRefusalText(t, refusal)])}</li>
          ))}
          {refusedCount > refused.length && <li>{countText(t, 'importRefusedMore', refusedCount - refused.length)}</li>}
        </ul>
      )}
    </div>
  );
}
