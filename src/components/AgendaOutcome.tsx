// Beside an agenda item, once the meeting is over: how the Board voted on it, and what residents answered. Its words
// come from the vote form's translator (AGENDA_OUTCOME_KEYS); the Board's outcome and votes are the record's, in English.
import {
  RESIDENT_TOTALS_KEYS,
  boardVoteHref,
  boardVoteLine,
  residentTotalsParts,
  type BoardDecision,
} from '../lib/agenda';
import type { AgendaField } from '../lib/data/agendaVotes';
import type { TotalsState } from '../lib/browser/residentTotals';
import type { Translator } from '../i18n/translate';
import { localizedPath, type Locale } from '../i18n/locales';

/** The catalogue messages shown here (the vote form gives its own translator). */
export const AGENDA_OUTCOME_KEYS = [
  ...RESIDENT_TOTALS_KEYS,
  'vote.outcome.board',
  'vote.outcome.information',
  'vote.outcome.notRecorded',
  'vote.outcome.recorded',
];

interface Props {
  field: AgendaField;
  decision: BoardDecision;
  totals: TotalsState;
  t: Translator;
  locale: Locale;
}

/** The Board's decision in words, its record linked from the outcome. */
function BoardLine({ decision, t, locale }: { decision: BoardDecision; t: Translator; locale: Locale }) {
  if (decision.kind === 'information') return <>{t('vote.outcome.information')}</>;
  if (decision.kind === 'not-recorded') return <>{t('vote.outcome.notRecorded')}</>;
  const line = boardVoteLine(decision.votes);
  const outcome = decision.outcome?.trim();
  return (
    <>
      <a href={localizedPath(locale, boardVoteHref(decision.id))} lang={outcome ? 'en' : undefined}>
        {outcome || t('vote.outcome.recorded')}
      </a>
      {line && (
        <>
          . <span lang="en">{line}</span>.
        </>
      )}
    </>
  );
}

export default function AgendaOutcome({ field, decision, totals, t, locale }: Props) {
  const { label, text } = residentTotalsParts(field, totals, t, locale);
  return (
    <div className="agenda-outcome">
      <p className="board-decision">
        <strong>{t('vote.outcome.board')}</strong> <BoardLine decision={decision} t={t} locale={locale} />
      </p>
      {/* Live, so empty and hidden in the server's page. The page's script fills it before the island wakes (the two
          follow one store), which is why its words are not checked when the island hydrates. */}
      <p className="resident-totals" data-totals-field={field} hidden={totals.status === 'idle'}>
        <strong suppressHydrationWarning>{label}</strong> <span suppressHydrationWarning>{text}</span>
      </p>
    </div>
  );
}
