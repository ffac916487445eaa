// Beside an agenda item, once the meeting is over: how the Board voted on it, and what residents answered. Its words
// come from the vote form's translator (AGENDA_OUTCOME_KEYS); the Board's outcome and votes are the record's, in English.
import { boardVoteHref, boardVoteLine, type BoardDecision } from '../lib/agenda';
import { CHOICES, type AgendaField, type ResidentTotals } from '../lib/data/agendaVotes';
import type { TotalsState } from '../lib/browser/residentTotals';
import type { Translator } from '../i18n/translate';
import { LOCALE_FACTS, localizedPath, type Locale } from '../i18n/locales';

/** The catalogue messages shown here (the vote form gives its own translator). */
export const AGENDA_OUTCOME_KEYS = [
  'errors.load.connection',
  'errors.load.server',
  'errors.load.timeout',
  'vote.outcome.board',
  'vote.outcome.information',
  'vote.outcome.notRecorded',
  'vote.outcome.recorded',
  'vote.outcome.residents',
  'vote.totals.failed',
  'vote.totals.line',
  'vote.totals.loading',
  'vote.totals.tooFew',
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
      <a href={localizedPath(locale, boardVoteHref(decision.id))} lang={outcome ? 'en' : undefined}>{outcome || t('vote.outcome.recorded')}</a>
      {line && <>. <span lang="en">{line}</span>.</>}
    </>
  );
}

/**
 * Why the totals could not be loaded, after the page's words: a timeout or a lost connection, or that the server
 * could not send them; English keeps a short plain reason as it is.
 */
function loadFailure(reason: string, t: Translator, locale: Locale): string {
  const text = reason.trim();
  if (/^(TimeoutError|AbortError)\b/.test(text)) return t('errors.load.timeout');
  if (/^(TypeError|FetchError)\b/.test(text)) return t('errors.load.connection');
  if (locale !== 'en' || !text || text.length > 160 || /[<>{}]/.test(text)) return t('errors.load.server');
  return text;
}

/** One item's line: its totals in the choices' labels, how many answered, and when the totals last changed. */
function totalsLine(totals: ResidentTotals, field: AgendaField, t: Translator, locale: Locale): string {
  const counts = CHOICES.map((choice) => `${t(`vote.choice.${choice}`)} ${totals.items[field][choice]}`).join(', ');
  const updated = new Intl.DateTimeFormat(LOCALE_FACTS[locale].intl, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(totals.updatedAt));
  return t('vote.totals.line', { totals: counts, answers: String(totals.answers), updated });
}

/** The residents' totals as they stand: loading, too few answers yet, the counts, or why they are missing. */
function totalsText(field: AgendaField, totals: Exclude<TotalsState, { status: 'idle' }>, t: Translator, locale: Locale): string {
  if (totals.status === 'loading') return t('vote.totals.loading');
  if (totals.status === 'failed') return t('vote.totals.failed', { reason: loadFailure(totals.reason, t, locale) });
  if (totals.totals === null) return t('vote.totals.tooFew');
  return totalsLine(totals.totals, field, t, locale);
}

export default function AgendaOutcome({ field, decision, totals, t, locale }: Props) {
  return (
    <div className="agenda-outcome">
      <p className="board-decision">
        <strong>{t('vote.outcome.board')}</strong> <BoardLine decision={decision} t={t} locale={locale} />
      </p>
      {totals.status !== 'idle' && (
        <p className="resident-totals">
          <strong>{t('vote.outcome.residents')}</strong> {totalsText(field, totals, t, locale)}
        </p>
      )}
    </div>
  );
}
