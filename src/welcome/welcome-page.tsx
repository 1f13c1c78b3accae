// The page opened once, when the extension is installed: what it does, how a player gets rounds
// it can call fair (witnessed), and that nothing leaves the browser. Text only, from _locales.
import type { Translate } from '../ui/i18n.js';

const STEPS = ['welcomeStepOpen', 'welcomeStepPanel', 'welcomeStepRotate', 'welcomeStepRead'];

export function WelcomePage({ t, onOpenCasino }: { t: Translate; onOpenCasino?: () => void }) {
  return (
    <main class="welcome">
      <h1>{t('welcomeTitle')}</h1>
      <p class="welcome-lead">{t('welcomeIntro')}</p>
      <p class="habit" data-habit>
        {t('firstRunHabit')}
      </p>
      <h2>{t('welcomeStepsHeading')}</h2>
      <ol class="welcome-steps">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <h2>{t('welcomeWitnessedHeading')}</h2>
      <p>{t('glossaryWitnessed')}</p>
      <p>{t('glossaryHistory')}</p>
      <h2>{t('welcomePrivacyHeading')}</h2>
      <p>{t('welcomePrivacy')}</p>
      {onOpenCasino && (
        <p>
          <button type="button" class="primary" data-action="open-casino" onClick={onOpenCasino}>
            {t('openCasino')}
          </button>
        </p>
      )}
    </main>
  );
}
