// A game's conclusion, shown before its chart and tables: one sentence on whether the verified
// rounds look like a fair wheel or draw, and one on what the rules give back beside what the casino
// advertises (for American roulette: 94.74 %, not the advertised 97 %). The box takes the colour of
// its worst news.
import type { VNode } from 'preact';
import { compareWithAdvertised, gameById, KENO_ADVERTISED_RTP, rouletteRtp, type SupportedGameId } from '../core/index.js';
import type { UniformityTest } from '../core/statistics.js';
import { ErrorNote } from '../ui/bits.js';
import { useEnv } from '../ui/env.js';
import { advertisedText, returnText } from '../ui/format.js';
import type { GameReturns } from '../ui/luck/returns.js';
import { fairnessOf, fairnessSentence, rouletteRulesSentences, type Fairness } from './stats-text.js';

type Tone = 'neutral' | 'ok' | 'bad';

const FAIRNESS_TONE: Record<Fairness, Tone> = { none: 'neutral', 'too-few': 'neutral', even: 'ok', uneven: 'bad' };

function worst(tones: Tone[]): Tone {
  return tones.includes('bad') ? 'bad' : tones.includes('neutral') ? 'neutral' : 'ok';
}

export interface ConclusionProps {
  gameId: SupportedGameId;
  /** Undefined while the rounds are read, or when reading them failed (`error`). */
  test?: UniformityTest;
  returns?: GameReturns;
  error?: unknown;
}

export function Conclusion({ gameId, test, returns, error }: ConclusionProps) {
  const { t } = useEnv();
  const fairness = test && fairnessOf(test);
  const tones: Tone[] = [fairness ? FAIRNESS_TONE[fairness] : 'neutral'];
  let rules: VNode | undefined;
  // The rules by the game's shape: a wheel's published payouts, a draw's learnt paytable; none for another shape.
  const shape = gameById(gameId).shape;
  if (shape.kind === 'wheel') {
    // The rules' return needs no rounds: it shows even before they are read.
    const rtp = rouletteRtp(shape.variant);
    tones.push(rtp.supportsAdvertised ? 'ok' : 'bad');
    rules = (
      <p class="rules" data-supports-advertised={String(rtp.supportsAdvertised)}>
        {rouletteRulesSentences(t, rtp).join(' ')}
      </p>
    );
  } else if (shape.kind === 'draw' && returns?.theoretical !== undefined) {
    const verdict = compareWithAdvertised(returns.theoretical, KENO_ADVERTISED_RTP, 'keno').verdict;
    tones.push(verdict === 'below' ? 'bad' : 'ok');
    rules = (
      <p class="rules" data-advertised-verdict={verdict}>
        {t('statsKenoRules', [returnText(t, returns.theoretical.value), advertisedText(t, KENO_ADVERTISED_RTP)])}
      </p>
    );
  }
  return (
    <div class="conclusion" data-tone={worst(tones)} data-fairness={fairness} data-rounds={test?.rounds}>
      {test ? <p class="fairness">{fairnessSentence(t, test)}</p> : error === undefined ? <p class="muted">{t('statsLoading')}</p> : <ErrorNote error={error} />}
      {rules}
    </div>
  );
}
