// What the Board Breakdown's three tabs show of a built district page, the same for a pre-rendered page and for a
// district rendered live: the meeting cards, the topic items and the two voting tables, in the page's order (the
// district_pages view decides it).
import type { BuiltDistrictPage } from './document';
import { meetingCards, type MeetingCardData } from './meetingCards';
import { topicItem, type TopicItem } from './topicItems';
import { votingTables, type VotingRow } from './voteRecords';

export interface BoardContent {
  cards: MeetingCardData[];
  topicItems: TopicItem[];
  recent: VotingRow[];
  past: VotingRow[];
}

/** The tabs' content of a page; only what the voting tables show goes into their rows (they are island props). */
export function boardContent(page: BuiltDistrictPage): BoardContent {
  const tables = votingTables(page.votings.map(({ id, type, voteDate, category, issue, outcome, votes }) => ({ id, type, voteDate, category, issue, outcome, votes })));
  const row = ({ type: _type, ...rest }: VotingRow & { type: string }): VotingRow => rest;
  return {
    cards: meetingCards(page.meetings, (meeting) => meeting.summaryHtml),
    topicItems: page.topics.map((topic) => topicItem(topic, topic.descriptionHtml)),
    recent: tables.recent.map(row),
    past: tables.past.map(row),
  };
}
