// The messages each district island (islands/) shows, by key (or namespace, for the live page): what a page picks from its
// language's catalogue and passes the island as its `messages` prop, and nothing else (see build/islandMessages.ts).
import { BOARD_KEYS } from '../lib/record/boardWords';

/** TopicVoting's messages. */
export const TOPIC_VOTING_KEYS = [
  'district.share.copied',
  'district.share.prompt',
  'district.tabs.topics',
  'district.topics.downvote',
  'district.topics.empty',
  'district.topics.failConnection',
  'district.topics.failServer',
  'district.topics.failTimeout',
  'district.topics.scrollLeft',
  'district.topics.scrollRight',
  'district.topics.share',
  'district.topics.tooMany',
  'district.topics.upvote',
] as const;

/** VotingTables' messages: its own, and the board's vocabulary (votes, outcomes, categories). */
export const VOTING_TABLES_KEYS = [
  ...BOARD_KEYS,
  'district.voting.aToZ',
  'district.voting.category',
  'district.voting.date',
  'district.voting.empty',
  'district.voting.hint',
  'district.voting.issue',
  'district.voting.issueShort',
  'district.voting.legend',
  'district.voting.memberLink',
  'district.voting.newest',
  'district.voting.noVote',
  'district.voting.oldest',
  'district.voting.order',
  'district.voting.outcome',
  'district.voting.past',
  'district.voting.recent',
  'district.voting.sortBy',
  'district.voting.zToA',
] as const;

/** VideoPopup's messages. */
export const VIDEO_POPUP_KEYS = [
  'district.meetings.fullVideo',
  'district.video.close',
  'district.video.expand',
  'district.video.frameTitle',
  'district.video.handle',
  'district.video.moveHelp',
  'district.video.newTab',
  'district.video.shrink',
] as const;

/** LiveDistrict's messages: the whole district page's (it draws all of it in the browser) and its own. */
export const LIVE_DISTRICT_NAMESPACES = ['board', 'district', 'live'] as const;
