import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { chromiumDriver, type ChromiumDriver } from './support/chromium-driver.js';
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
import { exportClearImport, chromiumDataPage } from './support/import-scenario.js';
import { fullDiskThenRoom, quotaOverrideIgnored } from './support/quota-scenario.js';

describe('Chromium: the production build against the demo casino', () => {
  let casino: DemoCasino;
  let driver: ChromiumDriver;
  let closed = false;

  beforeAll(async () => {
    casino = await startDemoCasino({ seed: 'e2e-chromium' });
    driver = await chromiumDriver(casino.port);
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
  it('keeps its store out of eviction (unlimited storage, which Chromium never evicts)', () => storageKept(driver, 'unlimited'));
  it('draws the popup\'s text at full size (13 px body text)', () => popupTextIsFullSize(driver));
  it('lists values the scanner cannot group in the capture diagnostics, and their labels and shapes but no value in the capture report', () =>
    ungroupedValuesInTheCaptureReport(driver));
  it('names, in the capture report, the page\'s language and the labels it could not read on a page in a language it has no words for', () => unknownLanguageInTheCaptureReport(driver));
  it('reads rounds inside an iframe', () => roundsInsideAnIframe(driver, casino));
  it('reads rounds inside a frame the page makes itself (srcdoc)', () => roundsInsideAnSrcdocFrame(driver, casino));
  it('reads rounds inside nested open shadow roots, and in hosts added later', () => roundsInsideShadowRoots(driver, casino));
  it('exports JSON that the CLI re-verifies to the same verdicts', () => exportReverifiedByCli(driver));
  it('imports its own JSON export back after clearing, with the same rows and verdicts, and twice without duplicates', () =>
    exportClearImport(driver, chromiumDataPage(driver)));

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

  it('loses no round when the worker is stopped mid-burst', () => burstWithWorkerStops(driver, casino));
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

  it('made no network request of its own (Chromium net log)', async () => {
    const extensionOrigin = `chrome-extension://${driver.session.extensionId}`;
    await driver.close();
    closed = true;
    const requests = await driver.session.networkLog();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.initiator?.startsWith(extensionOrigin))).toEqual([]);
    // Every request a page or script started went to the demo casino. (Chromium's own
    // background traffic, such as its component updater, has no initiator origin.)
    const fromOrigins = requests.filter((request) => request.initiator !== undefined && /^[a-z-]+:\/\//.test(request.initiator));
    expect(fromOrigins.length).toBeGreaterThan(0);
    expect(fromOrigins.filter((request) => !/^(https|wss):\/\/www\.cloudbet\.com(:443)?\//.test(request.url))).toEqual([]);
  });
});

// Its own browser and casino, so the fault cannot reach the other scenarios (quota-scenario.ts).
describe('Chromium: a full disk (QuotaExceededError put into the worker through the DevTools protocol)', () => {
  let casino: DemoCasino;
  let driver: ChromiumDriver;

  beforeAll(async () => {
    casino = await startDemoCasino({ seed: 'e2e-chromium-quota' });
    driver = await chromiumDriver(casino.port, undefined, { netLog: false });
  });
  afterAll(async () => {
    await driver?.close();
    await casino?.close();
  });

  it('full disk: shows the error and what to do, the badge says so, and stores every round captured meanwhile once there is room', () =>
    fullDiskThenRoom(driver, casino), 180_000);
  it('full disk: Storage.overrideQuotaForOrigin does not bind the extension’s IndexedDB (60 KB stored under a 1 000-byte quota), hence the fault', () =>
    quotaOverrideIgnored(driver.session));
});
