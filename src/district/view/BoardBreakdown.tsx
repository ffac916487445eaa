// The Board Breakdown: the sidebar with its tabs and the three panels (Summaries, Topics, Voting), drawn the same way for
// a pre-rendered district page (rendered to HTML at build, never hydrated) and for a district rendered live. All three
// panels are in the HTML; the page's board script shows one at a time. The two islands inside it (topic votes and the
// sortable voting tables) are drawn by the caller and passed in, so the built page can load them on demand.
import type { ReactNode } from 'react';
import BoardTabs from './BoardTabs';
import MeetingList from './MeetingList';
import TopicTrendChart from './TopicTrendChart';
import AgreementHeatmap from './AgreementHeatmap';
import AgreementTable from './AgreementTable';
import SplitVotes from './SplitVotes';
import type { BoardContent } from '../boardContent';
import type { BrokenSection } from '../document';
import OpenDataLinks from '../follow/OpenDataLinks';
import { BOARD_BREAKDOWN_HEADING_ID, DEFAULT_TAB, TAB_KEYS, TABS, boardPanel, panelId, type TabName } from '../tabs';
import { type Locale, type T } from '../words';
import { localizedPath } from '../../i18n/locales';
import { MEETING_DATE, MEETING_DISTRICT_ID } from '../../lib/agendaDistrict';

/** What a tab says when its list of the page could not be read (the 'Error loading …' texts). */
export const SECTION_ERROR_KEYS = {
  meetings: 'district.errors.meetings',
  topics: 'district.errors.topics',
  votings: 'district.errors.votings',
} as const satisfies Record<BrokenSection, string>;

/** A tab's content, or its error text when its list could not be read. */
function Section({
  name,
  broken,
  t,
  children,
}: {
  name: BrokenSection;
  broken: BrokenSection[];
  t: T;
  children: ReactNode;
}) {
  return broken.includes(name) ? <p role="alert">{t(SECTION_ERROR_KEYS[name])}</p> : <>{children}</>;
}

interface Props {
  content: BoardContent;
  /** The tab shown first (the board script shows the ?tab= one before the first paint). */
  active?: TabName;
  /** The Topics tab's island: the topic bar, the selected topic and its votes. */
  topicVoting: ReactNode;
  /** The Voting tab's island: 'Current Board Votes' and 'Past Board Votes', sortable. */
  votingTables: ReactNode;
  locale?: Locale;
  t: T;
}

export default function BoardBreakdown({
  content,
  active = DEFAULT_TAB,
  topicVoting,
  votingTables,
  locale = 'en',
  t,
}: Props) {
  const { district, broken, matrix } = content;
  // Each member's page in the page's language.
  const memberPaths =
    locale === 'en'
      ? content.memberPaths
      : Object.fromEntries(
          Object.entries(content.memberPaths).map(([name, path]) => [name, localizedPath(locale, path)]),
        );
  return (
    <section className="board-breakdown" aria-labelledby={BOARD_BREAKDOWN_HEADING_ID}>
      <BoardTabs active={active} t={t} />
      <div className="board-panels">
        {/* Without script there are no tabs: every panel is shown, one after another, each under its heading, with this
            list of links to them first (both shown only then, see BoardTabs.css). */}
        <nav className="board-jump" aria-label={t('district.breakdown.sections')}>
          <ul>
            {TABS.map((tab) => (
              <li key={tab}>
                <a href={`#${panelId(tab)}`}>{t(TAB_KEYS[tab])}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="board-panel" {...boardPanel('meetings', active)}>
          <h2 className="panel-heading">{t(TAB_KEYS.meetings)}</h2>
          <Section name="meetings" broken={broken} t={t}>
            <MeetingList
              cards={content.cards}
              locale={locale}
              t={t}
              agendaVoteDate={district.id === MEETING_DISTRICT_ID ? MEETING_DATE : undefined}
            />
          </Section>
        </div>
        <div className="board-panel" {...boardPanel('topics', active)}>
          <h2 className="panel-heading">{t(TAB_KEYS.topics)}</h2>
          <Section name="topics" broken={broken} t={t}>
            {topicVoting}
          </Section>
          <TopicTrendChart trend={content.trend} locale={locale} t={t} />
        </div>
        <div className="board-panel" {...boardPanel('voting', active)}>
          <h2 className="panel-heading">{t(TAB_KEYS.voting)}</h2>
          <Section name="votings" broken={broken} t={t}>
            {votingTables}
            <p className="open-data">
              <OpenDataLinks districtId={district.id} t={t} />
              {t('district.openData.end')}
            </p>
            {/* 'Who votes together' is no landmark of its own: the agreement table's scrolling region carries that name. */}
            {matrix.members.length > 1 && (
              <div className="votes-together">
                <h3 id="votes-together-heading">{t('district.together.heading')}</h3>
                <AgreementHeatmap matrix={matrix} locale={locale} t={t} />
                <AgreementTable matrix={matrix} memberPaths={memberPaths} locale={locale} t={t} />
                <SplitVotes
                  districtId={district.id}
                  splits={content.splits}
                  recordCount={content.recordCount}
                  memberPaths={memberPaths}
                  locale={locale}
                  t={t}
                />
              </div>
            )}
          </Section>
        </div>
      </div>
    </section>
  );
}
