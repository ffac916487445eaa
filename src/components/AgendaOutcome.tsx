// Beside an agenda item, once the meeting is over: how the Board voted on it, and what residents answered. Its words
// come from the vote form's translator (AGENDA_OUTCOME_KEYS); the Board's outcome and votes are worded in the page's
// language where they are the board's vocabulary (boardWords.ts), the members' names and any other word as written.
import { Fragment } from 'react';
import {
  RESIDENT_TOTALS_KEYS,
  boardVoteGroups,
  boardVoteHref,
  boardVoteLine,
  residentTotalsParts,
  type BoardDecision,
} from '../lib/agenda';
import type { AgendaField } from '../lib/data/agendaVotes';
import type { TotalsState } from '../lib/browser/residentTotals';
import type { Translator } from '../i18n/translate';
import { localizedPath, type Locale } from '../i18n/locales';
import { BOARD_KEYS, outcomeText, voteText } from '../lib/record/boardWords';

/** The catalogue messages shown here (the vote form gives its own translator). */
export const AGENDA_OUTCOME_KEYS = [
  ...RESIDENT_TOTALS_KEYS,
  ...BOARD_KEYS,
  'board.decision',
  'board.nameSeparator',
  'board.voteGroup',
  'board.voteGroupSeparator',
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

/** Where a message is cut around the parts drawn apart (a link, record text). */
const MARKER = '\u0000';

/** The Board's decision in words, its record linked from the outcome. */
function BoardLine({ decision, t, locale }: { decision: BoardDecision; t: Translator; locale: Locale }) {
  if (decision.kind === 'information') return <>{t('vote.outcome.information')}</>;
  if (decision.kind === 'not-recorded') return <>{t('vote.outcome.notRecorded')}</>;
  const outcome = decision.outcome?.trim() ? outcomeText(locale, t, decision.outcome) : null;
  const link = (
    <a href={localizedPath(locale, boardVoteHref(decision.id))} lang={outcome?.lang}>
      {outcome ? outcome.text : t('vote.outcome.recorded')}
    </a>
  );
  if (locale === 'en') {
    const line = boardVoteLine(decision.votes);
    return (
      <>
        {link}
        {line && (
          <>
            . <span lang="en">{line}</span>.
          </>
        )}
      </>
    );
  }
  // Each group in the language's words ('Sí: …', '赞成：…'), the members' names as written, marked English.
  const groups = boardVoteGroups(decision.votes).map(({ vote, names }, index) => {
    const shown = voteText(locale, t, vote);
    const [before, middle, after] = t('board.voteGroup', { vote: MARKER, names: MARKER }).split(MARKER);
    return (
      <Fragment key={vote}>
        {index > 0 && t('board.voteGroupSeparator')}
        {before}
        <span lang={shown.lang}>{shown.text}</span>
        {middle}
        <span lang="en">{names.join(t('board.nameSeparator'))}</span>
        {after}
      </Fragment>
    );
  });
  if (groups.length === 0) return link;
  const [before, middle, after] = t('board.decision', { outcome: MARKER, votes: MARKER }).split(MARKER);
  return (
    <>
      {before}
      {link}
      {middle}
      {groups}
      {after}
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
