// "Check a round": paste a fairness panel or the casino's reference program output, correct the
// fields if needed, and verify locally with the core. Nothing is stored or sent anywhere.
import { useEffect, useRef, useState } from 'preact/hooks';
import { verifyRound } from '../core/index.js';
import { EMPTY_FIELDS, fieldsFromParsed, inputFromFields, parsedCount, type CheckFields } from './check-fields.js';
import { useEnv } from './env.js';
import { GameOptions } from './bits.js';
import { SUPPORTED_GAME_IDS } from './labels.js';
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

export function CheckRound() {
  const { t, parseText } = useEnv();
  const [text, setText] = useState('');
  const [fields, setFields] = useState<CheckFields>(EMPTY_FIELDS);
  const [note, setNote] = useState('');
  const [proof, setProof] = useState<ProofModel | undefined>(undefined);
  const result = useRef<HTMLDivElement>(null);
  /** The text last typed: a slower reading of older text must not overwrite the fields. */
  const latest = useRef('');

  // The verdict appears below the form: bring it into view (test DOMs have no scrolling).
  useEffect(() => {
    if (proof) result.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [proof]);

  const readText = async (value: string) => {
    latest.current = value;
    setText(value);
    setProof(undefined);
    if (value.trim() === '') return setNote('');
    const parsed = await parseText(value);
    if (latest.current !== value) return;
    const count = parsedCount(parsed);
    if (count === 0) return setNote(t('checkParsedNothing'));
    setFields((previous) => fieldsFromParsed(parsed, previous));
    setNote(t('checkParsedFields', String(count)));
  };

  const update = (field: keyof CheckFields, value: string) => {
    setFields((previous) => ({ ...previous, [field]: value }));
    setProof(undefined);
  };

  const verify = (event: Event) => {
    event.preventDefault();
    if (fields.game === '') return setNote(t('checkChooseGame'));
    const input = inputFromFields(fields);
    setNote('');
    setProof(proofFromVerdict(input, verifyRound(input)));
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
        {proof && <ProofViewLoader proof={proof} />}
      </div>
    </section>
  );
}
