// The proof of one round: first what it means (a sentence, the outcome as a picture, when it was
// seen, the bet, the trust level and why), then the steps as the published procedure runs them:
// commitment → round signature → SHAKE256 draws → outcome, each computed value beside the shown one.
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { gameShapeOf, type ClientSeedProof, type FailedStep, type GameShape } from '../core/index.js';
import { dateTimeText, moneyText, multiplierText } from './amounts.js';
import { Field, MatchMark, VerdictBadge } from '../ui/bits.js';
import { DrawTable } from './draw-table.js';
import { useEnv } from './env.js';
import type { Translate } from '../ui/i18n.js';
import { FAILURE_KEYS, gameLabel, levelLabel, levelReasonText } from '../ui/labels.js';
import { OutcomePicture } from './outcome-picture.js';
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

const MISMATCH_CONCLUSIONS: Record<FailedStep, string> = {
  outcome: 'conclusionMismatchOutcome',
  commitment: 'conclusionMismatchCommitment',
  signature: 'conclusionMismatchSignature',
  witness: 'conclusionMismatchWitness',
  nonce: 'conclusionMismatchNonce',
};

/** The one sentence that says what the round's proof comes to. */
export function conclusionText(proof: ProofModel, t: Translate): string {
  switch (proof.status) {
    case 'verified':
      return t(proof.level === 'witnessed' ? 'conclusionWitnessed' : 'conclusionHistory');
    case 'mismatch':
      return t(MISMATCH_CONCLUSIONS[proof.failures[0]?.step ?? 'outcome']);
    case 'pending':
      return t('conclusionPending');
    case 'invalid':
      return t('conclusionInvalid');
    case 'unsupported':
      return t('rowUnsupported');
  }
}

/** A labelled fact of the round in plain text (the proof's values are <Field>s, in code). */
function Fact({ label, field, children }: { label: string; field: string; children: ComponentChildren }) {
  return (
    <div class="field" data-field={field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The bet as the casino shows it: "Stake 1.00 · Payout 0.00 · 0.00×", with what the page showed of it. */
function BetText({ proof }: { proof: ProofModel }) {
  const { t } = useEnv();
  const parts: [string, string][] = [];
  if (proof.stake !== undefined) parts.push(['stake', `${t('stake')} ${moneyText(t, proof.stake)}`]);
  if (proof.payout !== undefined) parts.push(['payout', `${t('payout')} ${moneyText(t, proof.payout)}`]);
  if (proof.multiplier !== undefined) parts.push(['multiplier', multiplierText(t, proof.multiplier)]);
  return (
    <>
      {parts.map(([name, text], index) => (
        <span key={name} data-amount={name}>
          {index > 0 && ' · '}
          {text}
        </span>
      ))}
    </>
  );
}

const CLIENT_SEED_PROOF_KEYS: Record<ClientSeedProof, string> = {
  'set-after-commitment': 'clientSeedSetAfterCommitment',
  'set-before-commitment': 'clientSeedSetBeforeCommitment',
  'not-set-here': 'clientSeedNotSetHere',
};

/** 16 random bytes as hex: a client seed no casino can have guessed. */
const freshClientSeed = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** What the round's client seed proves, and for one the player did not set, a fresh one to copy. */
function ClientSeedFact({ proof }: { proof: ClientSeedProof }) {
  const { t } = useEnv();
  const fresh = useMemo(freshClientSeed, []);
  return (
    <>
      <Fact label={t('clientSeedProof')} field="clientSeedProof">
        <span data-client-seed-proof={proof}>{t(CLIENT_SEED_PROOF_KEYS[proof])}</span>
      </Fact>
      {proof === 'not-set-here' && <Field label={t('freshClientSeed')} value={fresh} copy field="freshClientSeed" />}
    </>
  );
}

/** How the seeds' numbers become the outcome, for the shapes whose words the UI has. */
const OUTCOME_EXPLAIN_KEYS: Partial<Record<GameShape['kind'], string>> = { draw: 'stepOutcomeExplainKeno', wheel: 'stepOutcomeExplainRoulette' };

export function ProofView({ proof }: { proof: ProofModel }) {
  const outcomeExplainKey = OUTCOME_EXPLAIN_KEYS[gameShapeOf(proof.gameId).kind];
  const { t } = useEnv();
  const trace = proof.trace;
  const hasBet = proof.stake !== undefined || proof.payout !== undefined || proof.multiplier !== undefined;
  // A pending round's "not revealed yet" is the conclusion itself; other reasons stay listed.
  const problems = proof.problems.filter((problem) => !(proof.status === 'pending' && problem.code === 'not-revealed'));
  const reasons = problems.map((problem) => problemSentence(problem, t, proof.gameId));
  return (
    <div class="proof" data-verdict={proof.status}>
      <p class="proof-head">
        <VerdictBadge status={proof.status} /> <strong>{gameLabel(t, proof.gameId, proof.gameName)}</strong>
        {proof.nonce !== undefined && <span> · {t('nonceValue', proof.nonce)}</span>}
        {proof.level && <span class={`level level-${proof.level}`}> · {levelLabel(t, proof.level)}</span>}
      </p>
      <p class={`conclusion conclusion-${proof.status}`} data-conclusion>
        {conclusionText(proof, t)}
      </p>
      <Failures failures={proof.failures} />
      {reasons.length > 0 && proof.failures.length === 0 && (
        <ul class="reasons">
          {reasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      )}
      <OutcomePicture proof={proof} />
      <dl class="fields facts">
        {proof.seenAt !== undefined && (
          <Fact label={t(proof.seenInFile ? 'roundImportedAt' : 'roundSeenAt')} field="seenAt">
            <time dateTime={new Date(proof.seenAt).toISOString()}>{dateTimeText(t, proof.seenAt)}</time>
          </Fact>
        )}
        {hasBet && (
          <Fact label={t('roundBet')} field="bet">
            <BetText proof={proof} />
          </Fact>
        )}
        {proof.level && (
          <Fact label={t('trustLevel')} field="level">
            <span class={`level level-${proof.level}`}>{levelLabel(t, proof.level)}</span>
            {proof.levelReason !== undefined && (
              <span class="level-reason" data-level-reason={proof.levelReason}>
                {levelReasonText(t, proof.levelReason)}
              </span>
            )}
            {proof.level === 'history' && <span class="hint what-to-do">{t('historyWhatToDo')}</span>}
          </Fact>
        )}
        {proof.clientSeedProof && <ClientSeedFact proof={proof.clientSeedProof} />}
      </dl>
      <h3 class="steps-heading">{t(trace ? 'stepsHeading' : 'seedsHeading')}</h3>
      <dl class="fields">
        <Field label={t('serverSeed')} value={proof.serverSeed} copy field="serverSeed" />
        <Field label={t('clientSeed')} value={proof.clientSeed} copy field="clientSeed" />
        <Field label={t('nonce')} value={proof.nonce} field="nonce" />
      </dl>
      {trace ? (
        <ol class="steps">
          <li class="step" data-step="commitment">
            <h4>{t('stepCommitment')}</h4>
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
            <h4>{t('stepSignature')}</h4>
            <p class="explain">{t('stepSignatureExplain')}</p>
            <dl class="fields">
              <Field label={t('signatureInput')} value={trace.signature.input} copy field="signatureInput" />
              <Field label={t('computed')} value={trace.signature.computed} copy field="signatureComputed" />
              {proof.signatureShown !== undefined && <Field label={t('shown')} value={proof.signatureShown} copy field="signatureShown" />}
            </dl>
            {proof.signatureShown !== undefined && <MatchMark ok={proof.signatureShown.toLowerCase() === trace.signature.computed} />}
          </li>
          <li class="step" data-step="draws">
            <h4>{t('stepDraws')}</h4>
            <p class="explain">{t('stepDrawsExplain')}</p>
            <DrawTable draws={trace.draws} gameId={proof.gameId} />
          </li>
          <li class="step" data-step="outcome">
            <h4>{t('stepOutcome')}</h4>
            {outcomeExplainKey && <p class="explain">{t(outcomeExplainKey)}</p>}
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
