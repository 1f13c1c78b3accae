// What the popup's components need from the outside world, passed down by context so tests can
// supply fakes: what every page has (src/ui/env.ts: the worker client, the UI strings, the
// clipboard), plus file downloads, the parser and the tabs.
import { EnvContext, useEnv as useUiEnv, type UiEnv } from '../ui/env.js';
import type { FairnessFields } from './paste-parser.js';

/** The fields `parseFairnessText` (paste-parser.ts) reads from pasted text. */
export type ParsedFairnessText = FairnessFields;

export type ExportKind = 'json' | 'csv';

/** What the history page opens for: an export to make, or the data section (an import). */
export type TabPurpose = ExportKind | 'data';

export interface PopupEnv extends UiEnv {
  /** Reads a fairness panel or the reference program's output (the popup loads its reader on first use). */
  parseText: (text: string) => ParsedFairnessText | Promise<ParsedFairnessText>;
  download: (fileName: string, content: string | Blob, mimeType: string) => void;
  /**
   * Opens the popup as a full tab (absent when already in one). With an export kind, the tab makes
   * that export as it opens; with 'data' it opens at the data section: the toolbar popup hands
   * exports and imports over (see DataActions).
   */
  openTab?: (purpose?: TabPurpose) => void;
  /** Opens the casino's site in a new tab (the first-run button); absent in tests that need none. */
  openCasino?: () => void;
  now: () => Date;
  /** Opens another page of the extension in a tab (the statistics page); absent in tests that need none. */
  openPage?: (path: string) => void;
  /** The id of the tab the toolbar popup was opened over (TabContext asks the worker about it); absent in a full tab. */
  activeTabId?: () => Promise<number | undefined>;
  /** The extension's version, for the capture report; absent in tests that need none. */
  version?: string;
}

export { EnvContext };

export function useEnv(): PopupEnv {
  // Only the popup renders its components, and it provides a PopupEnv: no other page imports a
  // popup file (the boundary check, .dependency-cruiser.cjs, rule pages-share-through-ui).
  return useUiEnv() as PopupEnv;
}
