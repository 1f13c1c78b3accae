// The worker's kept figures of every game (the 'outcomes' answer), asked after the page's first
// questions, and the keno paytables learnt from them: what a luck percentile reads besides the rounds.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { SUPPORTED_GAME_IDS } from '../../core/index.js';
import type { Paytables } from '../../core/luck/bet-groups.js';
import { useEnv } from '../env.js';
import { paytablesOf, type KeptFigures } from './luck.js';
import { later } from '../slices.js';

export function useKeptFigures(): { figures?: KeptFigures; paytables: Paytables } {
  const { client } = useEnv();
  const [figures, setFigures] = useState<KeptFigures | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // After the page's own first questions (the statistics page's game sections show the worker's errors).
    later()
      .then(() => Promise.all(SUPPORTED_GAME_IDS.map((gameId) => client.ask({ type: 'outcomes', gameId }).then((kept) => [gameId, kept] as const))))
      .then(
        (entries) => live && setFigures(Object.fromEntries(entries)),
        () => live && setFigures({}),
      );
    return () => {
      live = false;
    };
  }, [client]);
  const paytables = useMemo(() => (figures ? paytablesOf(figures) : {}), [figures]);
  return figures === undefined ? { paytables } : { figures, paytables };
}
