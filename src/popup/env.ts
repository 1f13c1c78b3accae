// What the components need from the outside world, passed down by context so tests can supply
// fakes: the worker client, the UI strings, the clipboard, file downloads and the parser.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { FairnessFields } from '../capture/fields.js';
import type { Translate } from './i18n.js';
import type { WorkerClient } from './worker-client.js';

/** The fields `parseFairnessText` (src/capture/paste-parser.ts) reads from pasted text. */
export type ParsedFairnessText = FairnessFields;

export type ExportKind = 'json' | 'csv';

/** What the history page opens for: an export to make, or the data section (an import). */
export type TabPurpose = ExportKind | 'data';

export interface PopupEnv {
  client: WorkerClient;
  t: Translate;
  /** Reads a fairness panel or the reference program's output (the popup loads its reader on first use). */
  parseText: (text: string) => ParsedFairnessText | Promise<ParsedFairnessText>;
  copyText: (text: string) => Promise<void>;
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
}

export const EnvContext = createContext<PopupEnv | null>(null);

export function useEnv(): PopupEnv {
  const env = useContext(EnvContext);
  if (!env) throw new Error('PopupEnv missing: render inside <EnvContext.Provider>.');
  return env;
}
