// The UI as a player sees it, in Firefox (support/ui-suite.ts).
import { firefoxDriver } from './support/firefox-driver.js';
import { uiSuite } from './support/ui-suite.js';

uiSuite('firefox', firefoxDriver);
