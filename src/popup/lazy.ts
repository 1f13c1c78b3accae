// Parts of the popup that are not needed for its first paint load on first use, in chunks of their
// own (esbuild splits the esm pages: scripts/build.mjs), to keep the first load within its budget.
import { useEffect, useState } from 'preact/hooks';

export interface LazyModule<T> {
  /** Starts loading (once; later calls share it) and resolves with the module. */
  load(): Promise<T>;
  /** The module once it has arrived: a view drawn again shows it at once. */
  readonly loaded: T | undefined;
}

/** A module imported on first use, once for the page. */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  const lazy: { loaded: T | undefined; load: () => Promise<T> } = {
    loaded: undefined,
    load: () => (loading ??= importer().then((module) => (lazy.loaded = module))),
  };
  return lazy;
}

/** The lazy module, once `wanted` has been true (loading starts then); undefined until it arrives. */
export function useLazyModule<T>(lazy: LazyModule<T>, wanted: boolean): { module?: T; error?: unknown } {
  const [state, setState] = useState<{ module?: T; error?: unknown }>(() => ({ module: lazy.loaded }));
  useEffect(() => {
    if (!wanted || state.module !== undefined) return;
    let live = true;
    lazy.load().then(
      (module) => live && setState({ module }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [lazy, wanted, state.module]);
  return state;
}
