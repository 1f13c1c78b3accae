// What an import did, or why a file cannot be imported, in the user's words.
import { EXPORT_VERSION } from '../core/index.js';
import { countText, type Translate } from './i18n.js';
import type { ImportFileProblem, ImportTotals } from './import-file.js';


const megabytes = (bytes: number) => String(Math.ceil(bytes / (1024 * 1024)));

export function importProblemText(t: Translate, problem: ImportFileProblem): string {
  switch (problem.kind) {
    case 'too-big':
      return t('importTooBig', [megabytes(problem.bytes), megabytes(problem.limit)]);
    case 'not-json':
      return t('importNotJson', problem.detail);
    case 'wrong-version':
      return t('importWrongVersion', [problem.found, String(EXPORT_VERSION)]);
    case 'envelope-late':
      return t('importEnvelopeLate');
    case 'round-too-long':
      return t('importRoundTooLong', [String(problem.round), String(problem.limit)]);
    case 'empty':
      return t('importEmpty');
    case 'wrong-format': {
      const found = problem.found;
      const what = found === 'list' ? t('importFoundList') : 'format' in found ? `"${found.format}"` : t('importFoundOther', found.type);
      return t('importWrongFormat', what);
    }
  }
}

/** The counts, and each refused round with its reason (numbered from 1, as in the file). */
export function ImportReportView({ t, totals }: { t: Translate; totals: ImportTotals }) {
  const { added, updated, known, refused, refusedCount } = totals;
  return (
    <div
      class="import-report"
      data-import-result
      data-added={added}
      data-updated={updated}
      data-known={known}
      data-refused={refusedCount}
    >
      <p>{t('importDone', [String(added), String(updated), String(known), String(refusedCount)])}</p>
      {refusedCount > 0 && (
        <ul class="import-refused">
          {refused.map(({ index, reason }) => (
            <li key={index}>{t('importRefusedRound', [String(index + 1), reason])}</li>
          ))}
          {refusedCount > refused.length && <li>{countText(t, 'importRefusedMore', refusedCount - refused.length)}</li>}
        </ul>
      )}
    </div>
  );
}
