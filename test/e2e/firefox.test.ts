import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { firefoxDriver, type FirefoxDriver } from './support/firefox-driver.js';
import { contextOf } from './support/firefox.js';
import {
  burstWithWorkerStops,
  exportReverifiedByCli,
  germanPage,
  otherLanguagePages,
  casinoLanguagePages,
  honestAndWrongResult,
  roundsInsideAnIframe, roundsInsideAnSrcdocFrame,
  swappedSeed,
} from './support/scenario.js';
import {
  clientSeedChangedFinding,
  nonceConflictMismatch,
  nonceGapFinding,
  nonceRepeatFinding,
  serverSeedReusedFinding,
  witnessMismatch,
} from './support/findings-scenario.js';
import { stakesAndPayoutsReachTheExport } from './support/returns-scenario.js';
import { roundsInsideShadowRoots } from './support/shadow-scenario.js';
import {
  clientSeedKeptWithPanelClosed,
  commitmentAfterClickAttack,
  honestAutoBet,
  honestManualBets,
  honestPairPerRound,
  honestTwoTabs,
  honestReopenedFrame,
  panelHiddenAttack,
  rerenderAfterBetAttack,
  sameFrameAttack,
  selfPlayAttack,
  reloadAfterBetAttack,
  severalCommitmentsAttack,
  twoSeedsAttack,
} from './support/witness-scenario.js';
import { clientSeedTypedThenBet, panelClosedThenOpened, rotateEveryRound, rotateThenBet, rotateThenClientSeedThenBet, rouletteRotateThenSpin } from './support/fairness-flow-scenario.js';
import { CHANNEL_PAGES, commitmentRightBeforeClick, roundsThroughChannel } from './support/channel-scenario.js';
import { commitmentAnsweredAtPress } from './support/press-scenario.js';
import { betWhileLoading, madeUpOutcomeWhileLoading } from './support/loading-scenario.js';
import { hostilePageFloodsAndInjects, hostilePageGrowsAndFloodsBytes } from './support/hostile-scenario.js';
import { storageKept } from './support/storage-scenario.js';
import { popupTextIsFullSize } from './support/popup-text-scenario.js';
import { unknownLanguageInTheCaptureReport, ungroupedValuesInTheCaptureReport } from './support/capture-scenario.js';
import { exportClearImport, firefoxDataPage } from './support/import-scenario.js';

describe('Firefox: the production build against the demo casino', () => {
  let casino: DemoCasino;
  let driver: FirefoxDriver;
  let closed = false;

  beforeAll(async () => {
    casino = await startDemoCasino({ seed: 'e2e-firefox' });
    driver = await firefoxDriver(casino.port);
  });
  afterAll(async () => {
    if (!closed) await driver?.close();
    await casino?.close();
  });

  it('verifies honest rounds as witnessed and flags a wrong displayed result', () => honestAndWrongResult(driver, casino));
  it('flags a revealed seed that does not match its commitment', () => swappedSeed(driver, casino));
  it('reads German labels', () => germanPage(driver, casino));
  it('reads Turkish and Brazilian Portuguese pages (seeds labelled in English on the Portuguese ones): witnessed, a wrong result flagged', () => otherLanguagePages(driver, casino));
  it('reads the casino\'s other languages: Spanish, French, Italian, Hungarian and Japanese pages (seeds labelled in English on the French and Italian ones), every round witnessed', () =>
    casinoLanguagePages(driver, casino));
  it('keeps its store out of eviction (persistent storage, granted with unlimitedStorage)', () => storageKept(driver, 'persisted'));
  it('draws the popup\'s text at full size (13 px body text)', () => popupTextIsFullSize(driver));
  it('lists values the scanner cannot group in the capture diagnostics, and their labels and shapes but no value in the capture report', () =>
    ungroupedValuesInTheCaptureReport(driver));
  it('names, in the capture report, the page\'s language and the labels it could not read on a page in a language it has no words for', () => unknownLanguageInTheCaptureReport(driver));
  it('reads rounds inside an iframe', () => roundsInsideAnIframe(driver, casino));
  it('reads rounds inside a frame the page makes itself (srcdoc)', () => roundsInsideAnSrcdocFrame(driver, casino));
  it('reads rounds inside nested open shadow roots, and in hosts added later', () => roundsInsideShadowRoots(driver, casino));
  it('exports JSON from the toolbar popup (through the history page) that the CLI re-verifies', () => exportReverifiedByCli(driver));

  it('leaves the history page the export opened, at ?view=tab without the export request', async () => {
    const ours = contextOf(await driver.freshPopup());
    // (The welcome page, opened once on install, is the other extension tab.)
    const opened = (await driver.session.tabsAt(`${driver.session.extensionOrigin}/popup.html`)).filter((tab) => tab.context !== ours);
    // The toolbar view closed itself; the page it opened dropped ?export=json from its address.
    expect(opened.map((tab) => tab.url)).toEqual([`${driver.session.extensionOrigin}/popup.html?view=tab`]);
    for (const tab of opened) await driver.session.closeTab(tab.context);
  });

  it('imports its own JSON export back after clearing, with the same rows and verdicts, and twice without duplicates', () =>
    exportClearImport(driver, firefoxDataPage(driver)));

  // The trust rule: honest play is witnessed where the order holds, no cheat ever is. After the
  // import (a file brings no trust: a re-imported round is never judged again) and before the
  // burst (a small store keeps the many popup reads here quick).
  it('witnesses rounds bet by hand on one seed pair', () => honestManualBets(driver, casino));
  it('witnesses rounds with a new seed pair per round, nonce 1 each time', () => honestPairPerRound(driver, casino, 'per-round-nonce-one'));
  it('witnesses rounds with a new seed pair per round, nonce counting on', () => honestPairPerRound(driver, casino, 'per-round-counting'));
  it('keeps the client seed across rotations with the seed-pair panel closed for a while', () => clientSeedKeptWithPanelClosed(driver, casino));
  it('witnesses every round of an auto-bet started by one click', () => honestAutoBet(driver, casino));
  it('witnesses rounds bet in two tabs on one seed pair', () => honestTwoTabs(driver, casino));
  it('witnesses rounds bet in a frame the page wrote with document.open() (which erases every listener there)', () => honestReopenedFrame(driver, casino));
  it('after a rotation with the page\'s button: the next bet history (the click may have been a bet), the one after witnessed, no mismatch', () => rotateThenBet(driver, casino));
  it('rotating after every round: each round after a rotate click history, never a mismatch or a finding', () => rotateEveryRound(driver, casino));
  it('witnesses keno rounds with the panel closed after the first, and after opening it again (the pair was shown before)', () => panelClosedThenOpened(driver, casino));
  it('a client seed typed and set, then a bet: history, and the proof says the casino knew the client seed (it started a new pair)', () => clientSeedTypedThenBet(driver, casino));
  it('a rotation, a client seed typed on the new pair, a bet: the proof says the client seed was set after the commitment was shown', () =>
    rotateThenClientSeedThenBet(driver, casino));
  it('keeps the roulette spin after a rotation history (its bet is not read), with no mismatch', () => rouletteRotateThenSpin(driver, casino));
  it('flags several commitments shown for one client seed and nonce (never witnessed)', () => severalCommitmentsAttack(driver, casino));
  it('does not witness a panel re-rendered to another commitment after the bet (history: it looks like a rotation)', () => rerenderAfterBetAttack(driver, casino));
  it('does not witness a commitment first shown with the outcome', () => sameFrameAttack(driver, casino));
  it('does not witness a commitment first shown after the click', () => commitmentAfterClickAttack(driver, casino));
  it('does not witness rounds the page played by itself', () => selfPlayAttack(driver, casino));
  it('does not witness a commitment the page shows in answer to the press (it hears nothing from the extension)', () => commitmentAnsweredAtPress(driver, casino));
  it('does not witness a round bet while the page was still loading, its pair shown after the bet', () => betWhileLoading(driver, casino));
  it('reads a page that never finishes loading: a made-up outcome it lists is a mismatch', () => madeUpOutcomeWhileLoading(driver, casino));
  it('does not witness a round whose page was reloaded after the bet, a pair chosen and any click awaited', () => reloadAfterBetAttack(driver, casino));
  it('flags two server seeds shown for one commitment (seed-conflict)', () => twoSeedsAttack(driver, casino));
  it('does not witness rounds whose panel was hidden until after play', () => panelHiddenAttack(driver, casino));

  // Every channel a casino app uses (#13): rounds only through the channel, the page's traffic intact.
  for (const [channel, path] of Object.entries(CHANNEL_PAGES)) {
    it(`channel ${channel}: verifies honest rounds, flags a wrong result, the page gets every message intact`, () => roundsThroughChannel(driver, casino, path));
  }
  it('channel WebSocket with a new seed pair per round: verifies honest rounds, flags a wrong result', () =>
    roundsThroughChannel(driver, casino, CHANNEL_PAGES['WebSocket (GraphQL over WebSocket, snake_case keys)'], 'per-round-nonce-one'));
    it('channel WebSocket: a commitment received right before the click, while the page is busy, keeps the honest round witnessed', () => commitmentRightBeforeClick(driver, casino));

  it('loses no round when the background is suspended mid-burst', () => burstWithWorkerStops(driver, casino));
  it('shows a skipped nonce as a finding', () => nonceGapFinding(driver, casino));
  it('shows a nonce bet twice as a finding', () => nonceRepeatFinding(driver, casino));
  it('flags one nonce shown with two outcomes (step nonce)', () => nonceConflictMismatch(driver, casino));
  it('shows a round played with another client seed as a finding', () => clientSeedChangedFinding(driver, casino));
  it('shows a server seed reused for a new seed pair as a finding', () => serverSeedReusedFinding(driver, casino));
  it('flags a commitment shown before the bet that the history entry contradicts (step witness)', () => witnessMismatch(driver, casino));
  it('carries the stakes, payouts and multipliers the pages show into the export', () => stakesAndPayoutsReachTheExport(driver, casino));

  // Late in the run: the flood leaves thousands of made-up rounds and a notice in the popup.
  it('withstands a hostile page: nothing runs, forgeries are not verified, the flood is rate-limited, no honest round is lost', () =>
    hostilePageFloodsAndInjects(driver, casino), 300_000);

  it('withstands growth and byte floods: one round\'s record stays small, long claims stop at the byte budget, the popup keeps answering', () =>
    hostilePageGrowsAndFloodsBytes(driver), 180_000);

  it('made no network request of its own (Firefox HTTP log)', async () => {
    // The probe, after the session: a request an extension page makes, so the log is shown to
    // catch one and to tell it by its origin. (Every host resolves to the demo casino here.)
    const probe = 'https://probe.fair-witness.test/request-from-an-extension-page';
    const page = await driver.session.openExtensionPage('popup.html?view=tab');
    await page.evaluate((url: string) => fetch(url).then(() => 'answered', () => 'failed'), probe);
    await driver.close();
    closed = true;
    const requests = await driver.session.httpLog();
    const probeAt = requests.findIndex((request) => request.url === probe);
    expect(probeAt, 'the probe request is in the log').toBeGreaterThan(0);
    expect(requests[probeAt]!.origin).toBe(driver.session.extensionOrigin);

    const session = requests.slice(0, probeAt);
    const isExtension = (value?: string) => value?.startsWith('moz-extension://') ?? false;
    expect(session.filter((request) => isExtension(request.origin) || isExtension(request.referer))).toEqual([]);
    // Every other request went to the demo casino, or is Firefox's own background traffic.
    const casinoRequests = session.filter((request) => /^(www\.)?cloudbet\.com(:\d+)?$/.test(request.host));
    expect(casinoRequests.length).toBeGreaterThan(0);
    const firefoxOwn = (host: string) => /(^|\.)(mozilla\.(com|net|org)|firefox\.com)(:\d+)?$/.test(host);
    expect(session.filter((request) => !casinoRequests.includes(request) && !firefoxOwn(request.host))).toEqual([]);
    console.log(`[network firefox] ${session.length} requests in the session: ${casinoRequests.length} to the casino, ${session.length - casinoRequests.length} Firefox's own, 0 from the extension; the probe was caught`);
  });
});
