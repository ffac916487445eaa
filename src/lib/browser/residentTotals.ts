// The residents' totals of /votingPAUSD, read live once the page is usable: loading, then counted, too few, or failed.
// They are read by the page's own small script (residentTotalsAtLoad.ts), without React: showing them does not wait
// for the vote form's island, which sleeps until the reader first touches the form. The state is one store that the
// page's script and the island both follow, so the island, once awake, shows what the script showed.
import { atom } from 'nanostores';
import { fetchAgendaVoteTotals, type ResidentTotals } from '../data/agendaVotes';
import { rpcApi } from './rpcApi';

/**
 * Where the totals are: not asked for yet (on the server, and without JavaScript), on their way, answered (null before
 * the first batch of answers is published), or not loaded.
 */
export type TotalsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; totals: ResidentTotals | null }
  | { status: 'failed'; reason: string };

/** What the server rendered, and what a page without script keeps. */
export const IDLE_TOTALS: TotalsState = { status: 'idle' };

// As long as a slow phone may need; after it the page says the totals could not be loaded.
const LOAD_TIMEOUT_MS = 20_000;

/** The totals as the page shows them. */
export const $residentTotals = atom<TotalsState>(IDLE_TOTALS);

/** Reads the totals once into $residentTotals; a second call while they are read or after changes nothing. */
export function loadResidentTotals(): void {
  if ($residentTotals.get().status !== 'idle') return;
  $residentTotals.set({ status: 'loading' });
  fetchAgendaVoteTotals(rpcApi(), { signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) }).then(
    (totals) => $residentTotals.set({ status: 'loaded', totals }),
    (error: unknown) => {
      console.error('The residents’ totals could not be loaded', error);
      $residentTotals.set({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
    },
  );
}
