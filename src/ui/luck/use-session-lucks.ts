// The percentiles of some sessions, computed in ~50 ms tasks after the page has drawn and shown as
// they come (each is one short computation; sessions under MIN_LUCK_ROUNDS rounds of known bet none).
import { useEffect, useState } from 'preact/hooks';
import type { Paytables } from '../../core/luck/bet-groups.js';
import type { Session } from '../../core/luck/sessions.js';
import { luckOf, type KeptFigures, type Luck } from './luck.js';
import { inSlices } from '../slices.js';

export function useSessionLucks(sessions: readonly Session[], figures: KeptFigures | undefined, paytables: Paytables): (Luck | undefined)[] {
  const [lucks, setLucks] = useState<(Luck | undefined)[]>([]);
  useEffect(() => {
    if (figures === undefined) return;
    let live = true;
    const done: Luck[] = [];
    void inSlices(
      sessions.length,
      (from, to) => {
        for (let i = from; i < to; i++) done.push(luckOf(sessions[i]!.groups, paytables, false));
      },
      { live: () => live, stepItems: 1, done: () => setLucks([...done]) },
    );
    return () => {
      live = false;
    };
  }, [sessions, figures, paytables]);
  return lucks;
}
