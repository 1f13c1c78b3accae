// The UI as a player sees it, in Chromium (support/ui-suite.ts).
import { chromiumDriver } from './support/chromium-driver.js';
import { uiSuite } from './support/ui-suite.js';

uiSuite('chromium', chromiumDriver);
