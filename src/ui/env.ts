// What every extension page gives its components, passed down by context so tests can supply
// fakes: the worker client, the UI strings and the clipboard. A page that needs more extends it
// (the popup: src/popup/env.ts); the statistics page needs nothing more.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Translate } from './i18n.js';
import type { WorkerClient } from './worker-client.js';

export interface UiEnv {
  client: WorkerClient;
  t: Translate;
  copyText: (text: string) => Promise<void>;
}

/** The one context of every page: each page provides its own env (a UiEnv or more) here. */
export const EnvContext = createContext<UiEnv | null>(null);

export function useEnv(): UiEnv {
  const env = useContext(EnvContext);
  if (!env) throw new Error('Env missing: render inside <EnvContext.Provider>.');
  return env;
}
