// Beside an agenda item, once the meeting is over: how the Board voted on it, and what residents answered.
import { boardVoteHref, boardVoteLine, residentTotalsLine, totalsLoadFailure, TOTALS_LOADING, TOTALS_TOO_FEW, type BoardDecision } from '../lib/agenda';
import type { AgendaField } from '../lib/data/agendaVotes';
import type { TotalsState } from '../lib/browser/residentTotals';

interface Props {
  field: AgendaField;
  decision: BoardDecision;
  totals: TotalsState;
}

/** The Board's decision in words, its record linked from the outcome. */
function BoardLine({ decision }: { decision: BoardDecision }) {
  if (decision.kind === 'information') return <>An information item: the Board heard it and took no vote.</>;
  if (decision.kind === 'not-recorded') return <>No Board vote on this item is in the record.</>;
  const line = boardVoteLine(decision.votes);
  return (
    <>
      <a href={boardVoteHref(decision.id)}>{decision.outcome?.trim() || 'Vote recorded'}</a>
      {line && `. ${line}.`}
    </>
  );
}

/** The residents' totals as they stand: loading, too few answers yet, the counts, or why they are missing. */
function totalsText(field: AgendaField, totals: Exclude<TotalsState, { status: 'idle' }>): string {
  if (totals.status === 'loading') return TOTALS_LOADING;
  if (totals.status === 'failed') return totalsLoadFailure(totals.reason);
  if (totals.totals === null) return TOTALS_TOO_FEW;
  return residentTotalsLine(totals.totals, field);
}

export default function AgendaOutcome({ field, decision, totals }: Props) {
  return (
    <div className="agenda-outcome">
      <p className="board-decision">
        <strong>How the Board voted on 17 June:</strong> <BoardLine decision={decision} />
      </p>
      {totals.status !== 'idle' && (
        <p className="resident-totals">
          <strong>Residents’ answers:</strong> {totalsText(field, totals)}
        </p>
      )}
    </div>
  );
}
