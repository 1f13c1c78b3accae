// The proof view (steps, draws table, outcome pictures) is a chunk of its own, loaded when a proof
// is first shown, so the list's first load stays small (scripts/build.mjs splits dynamic imports).
import { useEffect, useState } from 'preact/hooks';
import { ErrorNote } from './bits.js';
import { useEnv } from './env.js';
import type { ProofModel } from './proof-model.js';

type ProofViewModule = typeof import('./proof-view.js');
let loaded: ProofViewModule | undefined;
let loading: Promise<ProofViewModule> | undefined;

/** Starts loading the proof view (once); a view about to show a proof calls it early. */
export function loadProofView(): Promise<ProofViewModule> {
  loading ??= import('./proof-view.js').then((module) => (loaded = module));
  return loading;
}

export function ProofViewLoader({ proof }: { proof: ProofModel }) {
  const { t } = useEnv();
  const [module, setModule] = useState(loaded);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    if (module) return;
    let live = true;
    loadProofView().then(
      (value) => live && setModule(value),
      (reason: unknown) => live && setError(reason),
    );
    return () => {
      live = false;
    };
  }, [module]);
  if (error !== undefined) return <ErrorNote error={error} />;
  return module ? <module.ProofView proof={proof} /> : <p class="muted">{t('loading')}</p>;
}
