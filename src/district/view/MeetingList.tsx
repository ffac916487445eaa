// The meeting cards. Rendered to plain HTML on the district page (no React in the browser: Expand/Minimize and share
// are handled by the page's board script, browser/boardScript.ts, and time stamps by browser/videoTimestamps.ts) and
// by LiveDistrict for later districts. A card's title, topics and summary are the record, in English: on a translated
// page they are marked lang="en"; the card's own words (its controls, badges, links) are in the page's language.
import { FULL_VIDEO_LABEL, SUMMARY_SOURCE_LINES } from '../meetingSources';
import { meetingShareUrl } from '../../lib/record/meetingLinks';
import type { MeetingCardData } from '../meetingCards';
import { formatDate, recordLang, type Locale, type MessageKey, type T } from '../words';
import { LOCALE_FACTS, localizedPath } from '../../i18n/locales';
import { AGENDA_VOTE_PATH } from '../../lib/agendaDistrict';
import { ShareIcon } from '../../components/Icons';
import './district.css';
import './MeetingList.css';

/** The message of each official record's link, by the words meetingSources gives it in English. */
const RECORD_LABEL_KEYS: Record<string, MessageKey> = {
  Agenda: 'district.meetings.agenda',
  Minutes: 'district.meetings.minutes',
  'Minutes (approved)': 'district.meetings.minutesApproved',
  'Minutes (draft)': 'district.meetings.minutesDraft',
  [FULL_VIDEO_LABEL]: 'district.meetings.fullVideo',
};

/** The message of each summary source line, by its English words. */
const SOURCE_LINE_KEYS: Record<string, MessageKey> = {
  [SUMMARY_SOURCE_LINES.ai_video]: 'district.meetings.sourceAiVideo',
  [SUMMARY_SOURCE_LINES.staff]: 'district.meetings.sourceStaff',
  [SUMMARY_SOURCE_LINES.minutes]: 'district.meetings.sourceMinutes',
};

/** A label in the page's language when the catalogue has it, else as given. */
const wordsFor = (t: T, keys: Record<string, MessageKey>, english: string) =>
  keys[english] ? t(keys[english]) : english;

/**
 * A summary's time stamp buttons in the page's language: the sanitiser names each 'Play the video from m:ss' at
 * build (the kept page is the same for every language), and this renames our own buttons, marked in the page's
 * language inside the English summary. English is left exactly as built.
 */
export function localizeTimestampButtons(html: string, locale: Locale, t: T): string {
  if (locale === 'en') return html;
  return html.replace(
    /aria-label="Play the video from ([0-9:]+)"/g,
    (_, time: string) =>
      `aria-label="${t('district.meetings.playFrom', { time })}" lang="${LOCALE_FACTS[locale].htmlLang}"`,
  );
}

interface CardProps {
  card: MeetingCardData;
  locale: Locale;
  t: T;
  /** Whether this card's meeting is the one the agenda vote page asks about (its first card of that date). */
  agendaVote: boolean;
}

function MeetingCard({ card, locale, t, agendaVote }: CardProps) {
  const titleId = `meeting-${card.id}-title`;
  const summaryId = `meeting-${card.id}-summary`;
  const lang = recordLang(locale);
  const date = formatDate(locale, card.isoDate, 'card');
  // Read after the control's verb ('Expand Board Meeting, 06/17/25'), so a screen reader does not list seventeen
  // identical 'Expand' buttons.
  // The title is the record's (English): marked so, inside a translated page.
  const target = lang ? (
    <>
      {' '}
      <span lang={lang}>{card.title}</span>, {date}
    </>
  ) : (
    ` ${card.title}, ${date}`
  );
  return (
    <article
      className="meeting-card"
      id={card.anchor ?? undefined}
      aria-labelledby={titleId}
      data-youtube-link={card.youtubeLink ?? undefined}
    >
      <div className="meeting-card-head">
        <h3 id={titleId} lang={lang}>
          {card.title}
        </h3>
        <p className="meeting-meta">
          <time dateTime={card.isoDate}>{date}</time>
          {card.upcoming && <span className="badge">{t('district.meetings.upcoming')}</span>}
        </p>
        {!card.upcoming && card.anchor && (
          <button
            type="button"
            className="icon-button share-button"
            data-share-path={meetingShareUrl('', card.anchor)}
            data-copied={locale === 'en' ? undefined : t('district.share.copied')}
            data-copy-prompt={locale === 'en' ? undefined : t('district.share.prompt')}
            aria-label={t('district.meetings.share', { title: card.title, date })}
          >
            <ShareIcon />
          </button>
        )}
      </div>
      {card.topics && (
        <>
          <h4 className="meeting-topics-heading">{t('district.meetings.topics')}</h4>
          <p className="meeting-topics" lang={lang}>
            {card.topics}
          </p>
        </>
      )}
      {card.records.length > 0 && (
        <ul className="meeting-records">
          {card.records.map((record) => (
            <li key={record.label}>
              <a href={record.url}>
                {wordsFor(t, RECORD_LABEL_KEYS, record.label)}
                <span className="visually-hidden">{target}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {agendaVote && (
        <p className="meeting-agenda-vote">
          <a href={localizedPath(locale, AGENDA_VOTE_PATH)}>{t('district.meetings.agendaVote')}</a>
        </p>
      )}
      {/* Every card has its Expand/Minimize control; a meeting without a summary expands to say so. The board script
          reads the two verbs of the page's language from the control. */}
      <button
        type="button"
        className="button secondary meeting-toggle"
        aria-expanded="false"
        aria-controls={summaryId}
        data-expand={locale === 'en' ? undefined : t('district.meetings.expand')}
        data-minimize={locale === 'en' ? undefined : t('district.meetings.minimize')}
      >
        <span className="meeting-toggle-verb">{t('district.meetings.expand')}</span>
        <span className="visually-hidden">{target}</span>
      </button>
      {card.summaryHtml ? (
        <div className="meeting-summary" id={summaryId} hidden>
          {card.summarySource && (
            <p className="meeting-summary-source">{wordsFor(t, SOURCE_LINE_KEYS, card.summarySource)}</p>
          )}
          <div
            className="rich-text"
            lang={lang}
            dangerouslySetInnerHTML={{ __html: localizeTimestampButtons(card.summaryHtml, locale, t) }}
          />
        </div>
      ) : (
        <div className="meeting-summary" id={summaryId} hidden>
          <p className="meeting-no-summary">{t('district.meetings.noSummary')}</p>
        </div>
      )}
    </article>
  );
}

/**
 * The district's meeting cards. `agendaVoteDate` is given on the district whose agenda the vote page asks about: the
 * first card of that date links to the page.
 */
export default function MeetingList({
  cards,
  locale = 'en',
  t,
  agendaVoteDate,
}: {
  cards: MeetingCardData[];
  locale?: Locale;
  t: T;
  agendaVoteDate?: string;
}) {
  if (cards.length === 0) return <p className="empty-state">{t('district.meetings.empty')}</p>;
  return (
    <ol className="meeting-list">
      {cards.map((card) => (
        <li key={card.id}>
          <MeetingCard
            card={card}
            locale={locale}
            t={t}
            agendaVote={card.anchor !== null && card.isoDate === agendaVoteDate}
          />
        </li>
      ))}
    </ol>
  );
}
