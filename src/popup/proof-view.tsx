// The proof of one round, step by step, as the published procedure runs it:
// commitment → round signature → SHAKE256 draws → outcome, each computed value beside the shown one.
import { Field, MatchMark, VerdictBadge } from './bits.js';
import { DrawTable } from './draw-table.js';
import { useEnv } from './env.js';
import { FAILURE_KEYS, gameLabel, levelLabel, levelReasonText } from './labels.js';
import { problemSentence } from './problem-text.js';
import type { ProofFailure, ProofModel } from './proof-model.js';

function Failures({ failures }: { failures: ProofFailure[] }) {
  const { t } = useEnv();
  if (failures.length === 0) return null;
  return (
    <ul class="failures" aria-label={t('failuresHeading')}>
      {failures.map((failure, index) => (
        <li key={index} data-step={failure.step}>
          {t(FAILURE_KEYS[failure.step], [failure.expected, failure.shown])}
        </li>
      ))}
    </ul>
  );
}

export function ProofView({ proof }: { proof: ProofModel }) {
  const { t } = useEnv();
  const trace = proof.trace;
  return (
    <div class="proof" data-verdict={proof.status}>
      <p class="proof-head">
        <VerdictBadge status={proof.status} /> <strong>{gameLabel(t, proof.gameId, proof.gameName)}</strong>
        {proof.nonce !== undefined && <span> · {t('nonceValue', proof.nonce)}</span>}
        {proof.level && <span class={`level level-${proof.level}`}> · {levelLabel(t, proof.level)}</span>}
      </p>
      {proof.levelReason !== undefined && (
        <p class="hint level-reason" data-level-reason={proof.levelReason}>
          {levelReasonText(t, proof.levelReason)}
        </p>
      )}
      {proof.level === 'history' && <p class="hint">{t('historyExplained')}</p>}
      <Failures failures={proof.failures} />
      {proof.problems.length > 0 && proof.failures.length === 0 && (
        <ul class="reasons">
          {proof.problems.map((problem, index) => (
            <li key={index}>{problemSentence(problem, t)}</li>
          ))}
        </ul>
      )}
      <dl class="fields">
        <Field label={t('serverSeed')} value={proof.serverSeed} copy field="serverSeed" />
        <Field label={t('clientSeed')} value={proof.clientSeed} copy field="clientSeed" />
        <Field label={t('nonce')} value={proof.nonce} field="nonce" />
        {/* The bet, where the page showed it: context for the player, not part of the proof. */}
        {proof.picks !== undefined && <Field label={t('picks')} value={proof.picks} field="picks" />}
        {proof.stake !== undefined && <Field label={t('stake')} value={proof.stake} field="stake" />}
        {proof.payout !== undefined && <Field label={t('payout')} value={proof.payout} field="payout" />}
        {proof.multiplier !== undefined && <Field label={t('multiplier')} value={proof.multiplier} field="multiplier" />}
      </dl>
      {trace ? (
        <ol class="steps">
          <li class="step" data-step="commitment">
            <h3>{t('stepCommitment')}</h3>
            <p class="explain">{t('stepCommitmentExplain')}</p>
            <dl class="fields">
              <Field label={t('computed')} value={trace.commitment.computed} copy field="commitmentComputed" />
              <Field label={t('shown')} value={proof.commitmentShown} copy field="commitmentShown" />
              {proof.commitmentBeforeRound !== undefined && (
                <Field label={t('commitmentBeforeRound')} value={proof.commitmentBeforeRound} copy field="commitmentBeforeRound" />
              )}
            </dl>
            {proof.commitmentShown !== undefined && <MatchMark ok={proof.commitmentShown.toLowerCase() === trace.commitment.computed} />}
          </li>
          <li class="step" data-step="signature">
            <h3>{t('stepSignature')}</h3>
            <p class="explain">{t('stepSignatureExplain')}</p>
            <dl class="fields">
              <Field label={t('signatureInput')} value={trace.signature.input} copy field="signatureInput" />
              <Field label={t('computed')} value={trace.signature.computed} copy field="signatureComputed" />
              {proof.signatureShown !== undefined && <Field label={t('shown')} value={proof.signatureShown} copy field="signatureShown" />}
            </dl>
            {proof.signatureShown !== undefined && <MatchMark ok={proof.signatureShown.toLowerCase() === trace.signature.computed} />}
          </li>
          <li class="step" data-step="draws">
            <h3>{t('stepDraws')}</h3>
            <p class="explain">{t('stepDrawsExplain')}</p>
            <DrawTable draws={trace.draws} />
          </li>
          <li class="step" data-step="outcome">
            <h3>{t('stepOutcome')}</h3>
            <dl class="fields">
              <Field label={t('computed')} value={proof.outcomeComputed} field="outcomeComputed" />
              <Field label={t('shown')} value={proof.outcomeShown} field="outcomeShown" />
            </dl>
            {proof.outcomeShown !== undefined && proof.outcomeComputed !== undefined && (
              <MatchMark ok={proof.outcomeShown === proof.outcomeComputed} />
            )}
          </li>
        </ol>
      ) : (
        <p class="muted">{t('proofNoTrace')}</p>
      )}
    </div>
  );
}
