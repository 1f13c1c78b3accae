// The statistics page (stats.html): per game, the distribution of verified outcomes and its test
// of uniformity, then the return-to-player math. It reads through the worker like the popup does.
import { useEnv } from '../ui/env.js';
import { GameStats } from './game-stats.js';
import { RtpSection } from './rtp.js';

export function StatsPage() {
  const { t } = useEnv();
  return (
    <div class="app app-tab stats">
      <header>
        <h1>{t('statsTitle')}</h1>
        <p class="hint">{t('statsIntro')}</p>
      </header>
      <main>
        <GameStats gameId="roulette-european" />
        <GameStats gameId="roulette-american" />
        <GameStats gameId="keno" />
        <RtpSection />
      </main>
    </div>
  );
}
