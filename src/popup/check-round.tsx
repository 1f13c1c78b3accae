// "Check a round": paste a fairness panel or the casino's reference program output, correct the
// fields if needed, and verify locally with the core. Nothing is stored or sent anywhere; the
// worker is only asked whether the player's own store has the round already.
import { useEffect, useRef, useState } from 'preact/hooks';
import { verifyRound } from '../core/index.js';
import type { RoundRow } from '../shared/records.js';
import { EMPTY_FIELDS, fieldsFromParsed, inputFromFields, parsedCount, storedRoundQuery, type CheckFields } from './check-fields.js';
import { useEnv } from './env.js';
import { GameOptions } from '../ui/bits.js';
import { levelLabel, statusLabel, SUPPORTED_GAME_IDS } from '../ui/labels.js';
import { ProofViewLoader } from './proof-loader.js';
import { proofFromVerdict, type ProofModel } from './proof-model.js';

const TEXT_INPUTS: { field: Exclude<keyof CheckFields, 'game'>; label: string; hint?: string }[] = [
  { field: 'serverSeed', label: 'serverSeed' },
  { field: 'commitment', label: 'commitment' },
  { field: 'clientSeed', label: 'clientSeed' },
  { field: 'nonce', label: 'nonce' },
  { field: 'result', label: 'result', hint: 'resultHint' },
  { field: 'roundSignature', label: 'roundSignatureOptional' },
];

/** Says that the checked round is in the player's history already, as what, and opens it there. */
function InHistory({ row, onOpen }: { row: RoundRow; onOpen?: (key: string) => void }) {
  const { t } = useEnv();
  const verdict = statusLabel(t, row.status);
  return (
    <p class="in-history" data-stored-status={row.status}>
      {row.level ? t('checkInHistoryLevel', [verdict, levelLabel(t, row.level)]) : t('checkInHistory', verdict)}
      {onOpen && (
        <>
          {' '}
          <button type="button" class="link" onClick={() => onOpen(row.key)}>
            {t('checkOpenStored')}
          </button>
        </>
      )}
    </p>
  );
}

/** The verdict on the fields, and the same round as the player's store has it (null: not stored). */
interface Checked {
  proof: ProofModel;
  stored?: RoundRow | null;
}

export function CheckRound({ onOpenRound }: { onOpenRound?: (key: string) => void }) {
  const { t, parseText, client } = useEnv();
  const [text, setText] = useState('');
  const [fields, setFields] = useState<CheckFields>(EMPTY_FIELDS);
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState<Checked | undefined>(undefined);
  const result = useRef<HTMLDivElement>(null);
  const proof = checked?.proof;
  /** The text last typed: a slower reading of older text must not overwrite the fields. */
  const latest = useRef('');

  // The verdict appears below the form: bring it into view (test DOMs have no scrolling).
  useEffect(() => {
    if (proof) result.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [proof]);

  const readText = async (value: string) => {
    latest.current = value;
    setText(value);
    setChecked(undefined);
    if (value.trim() === '') return setNote('');
    const parsed = await parseText(value);
    if (latest.current !== value) return;
    const count = parsedCount(parsed);
    // Nothing readable: no fields either, so Verify cannot check the previous round again.
    if (count === 0) setFields(EMPTY_FIELDS);
    else setFields((previous) => fieldsFromParsed(parsed, previous));
    setNote(count === 0 ? t('checkParsedNothing') : t('checkParsedFields', String(count)));
  };

  const update = (field: keyof CheckFields, value: string) => {
    setFields((previous) => ({ ...previous, [field]: value }));
    setChecked(undefined);
  };

  const verify = async (event: Event) => {
    event.preventDefault();
    if (fields.game === '') return setNote(t('checkChooseGame'));
    const input = inputFromFields(fields);
    const shown: Checked = { proof: proofFromVerdict(input, verifyRound(input)) };
    setNote('');
    setChecked(shown);
    const query = storedRoundQuery(input);
    if (!query) return;
    // Only a read of the player's own store; an error is only a missing hint.
    const stored = await client.ask({ type: 'find-round', ...query }).catch(() => null);
    // Unless the fields changed (or were verified again) meanwhile.
    setChecked((current) => (current === shown ? { ...shown, stored } : current));
  };

  const games = SUPPORTED_GAME_IDS.includes(fields.game) || fields.game === '' ? SUPPORTED_GAME_IDS : [...SUPPORTED_GAME_IDS, fields.game];
  return (
    <section class="check" aria-labelledby="check-heading">
      <h2 id="check-heading">{t('checkHeading')}</h2>
      <p class="hint">{t('checkExplain')}</p>
      <form class="check-form" onSubmit={verify}>
        <label class="stacked">
          <span>{t('checkPasteLabel')}</span>
          <textarea rows={5} value={text} onInput={(event) => void readText(event.currentTarget.value)} spellcheck={false} name="pasted" />
        </label>
        <p class="note" aria-live="polite">
          {note}
        </p>
        <label class="stacked">
          <span>{t('game')}</span>
          <select name="game" value={fields.game} onChange={(event) => update('game', event.currentTarget.value)}>
            <GameOptions ids={games} emptyLabel={t('checkChooseGameOption')} />
          </select>
        </label>
        {TEXT_INPUTS.map(({ field, label, hint }) => (
          <label key={field} class="stacked">
            <span>{t(label)}</span>
            <input
              name={field}
              value={fields[field]}
              onInput={(event) => update(field, event.currentTarget.value)}
              spellcheck={false}
              autocomplete="off"
              placeholder={hint ? t(hint) : undefined}
            />
          </label>
        ))}
        <button type="submit" class="primary">
          {t('checkVerify')}
        </button>
      </form>
      <div class="check-result" aria-live="polite" ref={result}>
        {checked?.stored && <InHistory row={checked.stored} onOpen={onOpenRound} />}
        {proof && <ProofViewLoader proof={proof} />}
      </div>
    </section>
  );
}
