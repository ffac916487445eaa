// What a district page shows of its built document, computed once and the same for a pre-rendered page and for a
// district rendered live: the meeting cards, the topic items and the two voting tables (in the page's order, which
// the district_pages view decides), each member's page, who votes together, the split votes and the topic trend.
import type { BrokenSection, BuiltDistrictPage } from './document';
import type { District } from '../lib/data/districts';
import { meetingCards, type MeetingCardData } from './meetingCards';
import { topicItem, type TopicItem } from './topicItems';
import { votingTables, type VotingRow } from './voteRecords';
import { districtMembers } from './boardMembers';
import { agreementMatrix, splitVotes, type AgreementMatrix, type SplitVote } from './agreement';
import { topicTrend, type TopicTrend } from './charts';
import { hasRecords, recordSpan, type RecordSpan } from './recordSpan';

export interface BoardContent {
  district: District;
  cards: MeetingCardData[];
  topicItems: TopicItem[];
  recent: VotingRow[];
  past: VotingRow[];
  /** Each board member's page, by name. */
  memberPaths: Record<string, string>;
  matrix: AgreementMatrix;
  splits: SplitVote[];
  /** How many vote records the district has in all. */
  recordCount: number;
  trend: TopicTrend;
  /** The lists of the document that could not be read: their tabs show their load error. */
  broken: BrokenSection[];
  /** Whether the district has any meeting or vote on the site; without, the page says it has no records yet. */
  hasRecords: boolean;
  /** The dates its records span and when they last changed (the header's 'Records from … to …'). */
  span: RecordSpan | null;
}

/** Everything the page shows of a document; only what the voting tables show goes into their rows (they are island props). */
export function boardContent(page: BuiltDistrictPage, broken: BrokenSection[] = []): BoardContent {
  const tables = votingTables(
    page.votings.map(({ id, type, voteDate, category, issue, outcome, votes }) => ({
      id,
      type,
      voteDate,
      category,
      issue,
      outcome,
      votes,
    })),
  );
  const row = ({ type: _type, ...rest }: VotingRow & { type: string }): VotingRow => rest;
  return {
    district: page.district,
    cards: meetingCards(page.meetings, (meeting) => meeting.summaryHtml),
    topicItems: page.topics.map((topic) => topicItem(topic, topic.descriptionHtml)),
    recent: tables.recent.map(row),
    past: tables.past.map(row),
    memberPaths: Object.fromEntries(
      districtMembers(page.district.id, page.votings).map((member) => [member.name, member.path]),
    ),
    matrix: agreementMatrix(page.votings),
    splits: splitVotes(page.votings),
    recordCount: page.votings.length,
    trend: topicTrend(page.meetings),
    broken,
    // A list that could not be read is no proof the board has no records: only lists read in full say so.
    hasRecords: hasRecords(page.meetings, page.votings) || broken.includes('meetings') || broken.includes('votings'),
    span: recordSpan(page.meetings, page.votings, page.district.records_updated_at),
  };
}
