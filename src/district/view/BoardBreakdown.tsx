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
import { voteEventsPath, votesCsvPath } from '../follow/openData';
import { BOARD_BREAKDOWN_HEADING_ID, DEFAULT_TAB, TAB_LABELS, TABS, boardPanel, panelId, type TabName } from '../tabs';

/** What a tab says when its list of the page could not be read (the 'Error loading …' texts). */
export const SECTION_ERRORS: Record<BrokenSection, string> = {
  meetings: 'Error loading meetings: the meetings of this district could not be read.',
  topics: 'Error loading topics: the topics of this district could not be read.',
  votings: 'Error: the votes of this district could not be read.',
};

/** A tab's content, or its error text when its list could not be read. */
function Section({ name, broken, children }: { name: BrokenSection; broken: BrokenSection[]; children: ReactNode }) {
  return broken.includes(name) ? <p role="alert">{SECTION_ERRORS[name]}</p> : <>{children}</>;
}

interface Props {
  content: BoardContent;
  /** The tab shown first (the board script shows the ?tab= one before the first paint). */
  active?: TabName;
  /** The Topics tab's island: the topic bar, the selected topic and its votes. */
  topicVoting: ReactNode;
  /** The Voting tab's island: 'Current Board Votes' and 'Past Board Votes', sortable. */
  votingTables: ReactNode;
}

export default function BoardBreakdown({ content, active = DEFAULT_TAB, topicVoting, votingTables }: Props) {
  const { district, broken, matrix, memberPaths } = content;
  return (
    <section className="board-breakdown" aria-labelledby={BOARD_BREAKDOWN_HEADING_ID}>
      <BoardTabs active={active} />
      <div className="board-panels">
        {/* Without script there are no tabs: every panel is shown, one after another, each under its heading, with this
            list of links to them first (both shown only then, see BoardTabs.css). */}
        <nav className="board-jump" aria-label="Sections">
          <ul>
            {TABS.map((tab) => (
              <li key={tab}>
                <a href={`#${panelId(tab)}`}>{TAB_LABELS[tab]}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="board-panel" {...boardPanel('meetings', active)}>
          <h2 className="panel-heading">{TAB_LABELS.meetings}</h2>
          <Section name="meetings" broken={broken}>
            <MeetingList cards={content.cards} />
          </Section>
        </div>
        <div className="board-panel" {...boardPanel('topics', active)}>
          <h2 className="panel-heading">{TAB_LABELS.topics}</h2>
          <Section name="topics" broken={broken}>
            {topicVoting}
          </Section>
          <TopicTrendChart trend={content.trend} />
        </div>
        <div className="board-panel" {...boardPanel('voting', active)}>
          <h2 className="panel-heading">{TAB_LABELS.voting}</h2>
          <Section name="votings" broken={broken}>
            {votingTables}
            <p className="open-data">
              Every vote as open data:{' '}
              <a href={votesCsvPath(district.id)} type="text/csv" download>
                CSV
              </a>{' '}
              or{' '}
              <a href={voteEventsPath(district.id)} type="application/json">
                JSON (Open Civic Data)
              </a>
              .
            </p>
            {/* 'Who votes together' is no landmark of its own: the agreement table's scrolling region carries that name. */}
            {matrix.members.length > 1 && (
              <div className="votes-together">
                <h3 id="votes-together-heading">Who votes together</h3>
                <AgreementHeatmap matrix={matrix} />
                <AgreementTable matrix={matrix} memberPaths={memberPaths} />
                <SplitVotes districtId={district.id} splits={content.splits} recordCount={content.recordCount} memberPaths={memberPaths} />
              </div>
            )}
          </Section>
        </div>
      </div>
    </section>
  );
}
