// Entry of welcome.html; the only module of its page that touches the extension API.
import { render } from 'preact';
import { message, openWebPage } from '../shared/browser.js';
import { CASINO_URL } from '../shared/casino.js';
import { substitutionList } from '../ui/i18n.js';
import { WelcomePage } from './welcome-page.js';

document.documentElement.lang = message('uiLanguage');
document.documentElement.classList.add('tab');
document.title = message('welcomeTitle');

render(
  <WelcomePage t={(key, substitutions) => message(key, substitutionList(substitutions))} onOpenCasino={() => void openWebPage(CASINO_URL)} />,
  document.getElementById('app')!,
);
