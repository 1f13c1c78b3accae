// The proof view (steps, draws table, outcome pictures) is a chunk of its own, loaded when a proof
// is first shown, so the list's first load stays small (scripts/build.mjs splits dynamic imports).
import { ErrorNote } from '../ui/bits.js';
import { useEnv } from './env.js';
import { lazyModule, useLazyModule } from './lazy.js';
import type { ProofModel } from './proof-model.js';

const proofView = lazyModule(() => import('./proof-view.js'));

/** Starts loading the proof view (once); a view about to show a proof calls it early. */
export const loadProofView = () => proofView.load();

export function ProofViewLoader({ proof }: { proof: ProofModel }) {
  const { t } = useEnv();
  const { module, error } = useLazyModule(proofView, true);
  if (error !== undefined) return <ErrorNote error={error} />;
  return module ? <module.ProofView proof={proof} /> : <p class="muted">{t('loading')}</p>;
}
