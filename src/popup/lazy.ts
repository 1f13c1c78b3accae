// Parts of the popup that are not needed for its first paint load on first use, in chunks of their
// own (esbuild splits the esm pages: scripts/build.mjs), to keep the first load within its budget.
import { useEffect, useState } from 'preact/hooks';

/** The module `load` gives, once `wanted` has been true (loading starts then); undefined until it arrives. */
export function useLazyModule<T>(load: () => Promise<T>, wanted: boolean): { module?: T; error?: unknown } {
  const [state, setState] = useState<{ module?: T; error?: unknown }>({});
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!wanted || asked) return;
    setAsked(true);
    load().then(
      (module) => setState({ module }),
      (error: unknown) => setState({ error }),
    );
  }, [wanted, asked]);
  return state;
}
