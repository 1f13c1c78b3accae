// The statistics page (stats.html): per game, the distribution of verified outcomes and its test
// of uniformity, then the return-to-player math. It reads through the worker like the popup does.
import { SUPPORTED_GAME_IDS } from '../core/games/game-ids.js';
import { useEnv } from '../ui/env.js';
import { GameStats } from './game-stats.js';
import { LuckSection } from './luck-view.js';
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
        <LuckSection />
        {SUPPORTED_GAME_IDS.map((gameId) => (
          <GameStats key={gameId} gameId={gameId} />
        ))}
        <RtpSection />
      </main>
    </div>
  );
}
