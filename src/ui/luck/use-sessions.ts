// Every settled round as the sessions read them (the worker's session-rounds pages), in time order,
// and the sessions they make (core/luck/sessions.ts), folded in ~50 ms tasks: for the statistics
// page and the popup's More view. A million rounds take a while: what does not need them does not wait.
import { useEffect, useState } from 'preact/hooks';
import { inTimeOrder, SessionFold, type Session, type SessionRound } from '../../core/luck/sessions.js';
import { MAX_PAGE } from '../../shared/message-limits.js';
import { useEnv } from '../env.js';
import { inSlices, later } from '../slices.js';

/** Every settled round as sessions read it, page by page (a million rounds take a while: the figures above do not wait). */
function useSessionRounds(): { rounds?: SessionRound[]; read: number; total: number } {
  const { client } = useEnv();
  const [state, setState] = useState<{ rounds?: SessionRound[]; read: number; total: number }>({ read: 0, total: 0 });
  useEffect(() => {
    let live = true;
    void (async () => {
      // After the figures' questions: the sessions can take long, the percentile of all rounds should not wait for them.
      await later();
      if (!live) return;
      const rounds: SessionRound[] = [];
      let after: number | undefined;
      let read = 0;
      for (;;) {
        const page = await client.ask({ type: 'session-rounds', ...(after === undefined ? {} : { after }), limit: MAX_PAGE });
        if (!live) return;
        rounds.push(...page.rounds);
        read += page.read;
        setState({ read, total: page.total });
        if (page.last === undefined || page.read < MAX_PAGE) break;
        after = page.last;
      }
      setState({ rounds, read, total: read });
    })().catch(() => live && setState((s) => ({ ...s, rounds: [] })));
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}

export interface Sessions {
  /** The rounds in time order, once read and folded. */
  ordered?: readonly SessionRound[];
  sessions?: Session[];
  read: number;
  total: number;
}

export function useSessions(): Sessions {
  const { rounds, read, total } = useSessionRounds();
  const [folded, setFolded] = useState<{ ordered: readonly SessionRound[]; sessions: Session[] } | undefined>(undefined);
  useEffect(() => {
    if (rounds === undefined) return;
    let live = true;
    void (async () => {
      await later();
      if (!live) return;
      const ordered = inTimeOrder(rounds);
      const fold = new SessionFold();
      if (await inSlices(ordered.length, (from, to) => fold.add(ordered, from, to), { live: () => live })) setFolded({ ordered, sessions: fold.finish() });
    })();
    return () => {
      live = false;
    };
  }, [rounds]);
  return { ...folded, read, total };
}
