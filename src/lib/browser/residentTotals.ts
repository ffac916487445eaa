// The residents' totals of /votingPAUSD, read live once the page is usable: loading, then counted, too few, or failed.
import { useEffect, useState } from 'react';
import { fetchAgendaVoteTotals, type ResidentTotals } from '../data/agendaVotes';
import { rpcApi } from './rpcApi';

/**
 * Where the totals are: not asked for yet (on the server, and without JavaScript), on their way, answered (null before
 * the first batch of answers is published), or not loaded.
 */
export type TotalsState = { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; totals: ResidentTotals | null } | { status: 'failed'; reason: string };

// As long as a slow phone may need; after it the page says the totals could not be loaded.
const LOAD_TIMEOUT_MS = 20_000;

/** Reads the totals once after the first render when `wanted`; the page is readable and usable meanwhile. */
export function useResidentTotals(wanted: boolean): TotalsState {
  const [state, setState] = useState<TotalsState>({ status: 'idle' });
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    setState({ status: 'loading' });
    fetchAgendaVoteTotals(rpcApi(), { signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) }).then(
      (totals) => current && setState({ status: 'loaded', totals }),
      (error: unknown) => {
        console.error('The residents’ totals could not be loaded', error);
        if (current) setState({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  return state;
}
