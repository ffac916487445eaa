// Open data per district: every member vote as CSV, each record as an Open Civic Data VoteEvent and each meeting as an
// Open Civic Data Event in JSON. What these files hold, `npm run import` loads back as it was.
import type { District } from '../../lib/data/districts';
import type { Voting } from '../../lib/data/votings';
import type { Meeting } from '../../lib/data/meetings';
import { districtPath, voteAnchor } from '../../lib/paths';
import { castVote, voteKind, type MemberVoting } from '../boardMembers';
import { OCD_OPTIONS, OPTION_WORDS, ocdOption, type OcdOption } from '../../lib/record/ocdVotes.ts';
import { schoolYearStart } from '../charts';
import { csvLine } from '../../lib/csvCells.ts';
import { meetingLinks } from '../../lib/record/meetingLinks';
import { meetingTitle, meetingTopicList } from '../../lib/record/meetingTitles';
import { officialSources, zonedStart, type OfficialSources } from '../../lib/officialRecords';

export { csvCell, csvLine } from '../../lib/csvCells.ts';
export { OCD_OPTIONS, ocdOption, type OcdOption } from '../../lib/record/ocdVotes.ts';

/** Where a district's votes are published as CSV. */
export function votesCsvPath(districtId: number): string {
  return `${districtPath(districtId)}/votes.csv`;
}

/** Where a district's votes are published as Open Civic Data VoteEvents (JSON). */
export function voteEventsPath(districtId: number): string {
  return `${districtPath(districtId)}/votes.json`;
}

/** The CSV's columns: the six a reader asks for, then the record's id and table so rows can be joined back. */
export const CSV_COLUMNS = ['date', 'category', 'issue', 'outcome', 'member', 'vote', 'record_id', 'table'] as const;

/**
 * All votes of a district as CSV, one row per member vote (a record without votes has no rows), records newest
 * first and members in the record's order. A vote of '-' or blank (no vote recorded) is an empty cell, not a '-'
 * the formula guard would have to quote.
 */
export function votesCsv(votings: MemberVoting[]): string {
  let csv = csvLine([...CSV_COLUMNS]);
  for (const record of byDateDescending(votings)) {
    for (const item of record.votes) {
      const vote = voteKind(item.vote) === 'none' ? '' : item.vote.trim();
      csv += csvLine([
        record.voteDate,
        record.category,
        record.issue,
        record.outcome,
        item.name.trim(),
        vote,
        record.id,
        record.type,
      ]);
    }
  }
  return csv;
}

// Newest first, undated last, ties by id: the same order for every export.
function byDateDescending<T extends Pick<Voting, 'id' | 'voteDate'>>(votings: T[]): T[] {
  return [...votings].sort((a, b) => {
    if (a.voteDate !== b.voteDate) {
      if (a.voteDate === null) return 1;
      if (b.voteDate === null) return -1;
      return a.voteDate < b.voteDate ? 1 : -1;
    }
    return a.id - b.id;
  });
}

const PASS_WORDS = /\b(pass(ed|es)?|approved?|adopted?|carried|accepted|ratified|confirmed)\b/i;
const FAIL_WORDS = /\b(fail(ed|s)?|rejected|defeated|denied|tabled|withdrawn|postponed|died|lost)\b/i;
const NEGATED_PASS = /\bnot\s+(pass(ed)?|approved?|adopted?|carried|accepted|ratified|confirmed)\b/i;

/**
 * Whether a motion passed, as Open Civic Data's result. The outcome text decides when it is clear: 'not approved'
 * fails; words of passing (passed, approved, adopted, carried...) pass; words of failing (failed, rejected, tabled,
 * withdrawn, postponed...) fail; both or neither is unclear. Then the votes decide: more Yes than No passes; a tie
 * or no Yes/No votes, read from the record or else from a '(Y-N)' in the outcome, fails, since a motion passes only
 * on a majority.
 */
export function voteResult(outcome: string | null | undefined, counts: { yes: number; no: number }): 'pass' | 'fail' {
  const text = outcome ?? '';
  if (NEGATED_PASS.test(text)) return 'fail';
  const pass = PASS_WORDS.test(text);
  const fail = FAIL_WORDS.test(text);
  if (pass !== fail) return pass ? 'pass' : 'fail';
  let { yes, no } = counts;
  const tally = /\((\d+)\s*-\s*(\d+)(?:\s*-\s*\d+)*\)/.exec(text);
  if (yes === 0 && no === 0 && tally) [yes, no] = [Number(tally[1]), Number(tally[2])];
  return yes > no ? 'pass' : 'fail';
}

/** The school year a date falls in, July to June, as Open Civic Data's session: '2024-2025' for 2025-03-04. */
export function schoolYear(date: string): string {
  const start = schoolYearStart(date);
  return `${start}-${start + 1}`;
}

/** A record as an Open Civic Data VoteEvent. */
export interface VoteEvent {
  identifier: string;
  motion_text: string;
  motion_classification: string[];
  /** YYYY-MM-DD, or '' when the record has no date (pupa's schema allows a blank date, not null). */
  start_date: string;
  result: 'pass' | 'fail';
  /** The board, by name (pupa's schema: a string or null). */
  organization: string;
  /** The school year; left out when the record has no date. */
  legislative_session?: string;
  counts: { option: OcdOption; value: number }[];
  /** note: the vote as the record words it, when the option alone would not give it back ('Recused', '-'). */
  votes: { option: OcdOption; voter_name: string; note?: string }[];
  sources: { url: string; note: string }[];
  extras: {
    record_id: number;
    district_id: number;
    table: Voting['type'];
    category: string | null;
    outcome: string | null;
  };
}

/**
 * Each record of a district as an Open Civic Data VoteEvent, newest first: identifier 'vote-{id}' (the row's anchor
 * on the page), the issue as motion text, the board as the organization, the school year as the session, counts of
 * every option that occurs (yes and no always), and the district page's row as the source.
 */
export function voteEvents(
  district: Pick<District, 'id' | 'name'>,
  votings: MemberVoting[],
  site: string | URL,
  meetings: OfficialSources[] = [],
): VoteEvent[] {
  const source = new URL(`${districtPath(district.id)}?tab=Voting`, site);
  return byDateDescending(votings).map((record) => {
    const tally = new Map<OcdOption, number>([
      ['yes', 0],
      ['no', 0],
    ]);
    const votes = record.votes.flatMap((item) => {
      const voter_name = item.name.trim();
      if (!voter_name) return [];
      const option = ocdOption(item.vote);
      tally.set(option, (tally.get(option) ?? 0) + 1);
      return [item.vote === OPTION_WORDS[option] ? { option, voter_name } : { option, voter_name, note: item.vote }];
    });
    // Results are read from cast yes/no votes only (an 'Absent' never counts toward either).
    const cast = record.votes.map((item) => castVote(item.vote));
    const yes = cast.filter((vote) => vote === 'yes').length;
    const no = cast.filter((vote) => vote === 'no').length;
    source.hash = voteAnchor(record.id);
    return {
      identifier: voteAnchor(record.id),
      motion_text: record.issue?.trim() ?? '',
      motion_classification: [],
      start_date: record.voteDate ?? '',
      result: voteResult(record.outcome, { yes, no }),
      organization: district.name,
      ...(record.voteDate ? { legislative_session: schoolYear(record.voteDate) } : {}),
      counts: OCD_OPTIONS.filter((option) => tally.has(option)).map((option) => ({
        option,
        value: tally.get(option)!,
      })),
      votes,
      sources: [
        { url: source.href, note: `${district.name} board votes` },
        ...officialSources(meetings.find((meeting) => meeting.date === record.voteDate)),
      ],
      extras: {
        record_id: record.id,
        district_id: district.id,
        table: record.type,
        category: record.category,
        outcome: record.outcome,
      },
    };
  });
}

/** Where a district's meetings are published as Open Civic Data Events (JSON). */
export function meetingEventsPath(districtId: number): string {
  return `${districtPath(districtId)}/meetings.json`;
}

type OcdLink = { note: string; links: { url: string; media_type: string }[] };

/** A meeting as an Open Civic Data Event. */
export interface MeetingEvent {
  name: string;
  /** The summary, HTML as recorded (sanitise it before showing it); '' when there is none (pupa wants a string). */
  description: string;
  classification: string;
  /** YYYY-MM-DD, or the start as a date and time with its UTC offset when the time is known. */
  start_date: string;
  timezone: string | null;
  all_day: boolean;
  status: 'confirmed' | 'passed';
  location: { name: string; note: string } | null;
  media: OcdLink[];
  documents: OcdLink[];
  agenda: { description: string; order: string }[];
  sources: { url: string; note: string }[];
  /** The record's own columns, so the file loads back as it was. */
  extras: {
    record_id: number;
    district_id: number;
    title: string | null;
    topics: string[] | string | null;
    meeting_type: string | null;
    isUpcoming: boolean | null;
    youtube_link: string | null;
    summary_source: Meeting['summary_source'];
  };
}

/**
 * Each meeting of a district as an Open Civic Data Event, in the page's order: the title as the page shows it, the
 * summary as recorded, the start (a time with its offset when the time and zone are known), the video and the full
 * recording as media, agenda and minutes as documents, the topics as agenda items, the card and the official records
 * as sources.
 */
export function meetingEvents(
  district: Pick<District, 'id' | 'name' | 'address'>,
  meetings: Meeting[],
  site: string | URL,
): MeetingEvent[] {
  const links = meetingLinks(district.id, meetings);
  return meetings.map((meeting) => {
    const start =
      meeting.start_time && meeting.time_zone ? zonedStart(meeting.date, meeting.start_time, meeting.time_zone) : null;
    const media: OcdLink[] = [];
    if (meeting.youtube_link)
      media.push({ note: 'Video', links: [{ url: meeting.youtube_link, media_type: 'text/html' }] });
    if (meeting.full_video_url)
      media.push({ note: 'Full meeting video', links: [{ url: meeting.full_video_url, media_type: 'text/html' }] });
    const documents: OcdLink[] = officialSources({ ...meeting, full_video_url: null }).map(({ url, note }) => ({
      note,
      links: [{ url, media_type: '' }],
    }));
    return {
      name: meetingTitle(meeting.title, meeting.meeting_type),
      description: meeting.summary ?? '',
      classification: 'board-meeting',
      start_date: start?.iso ?? meeting.date,
      timezone: start ? meeting.time_zone : null,
      all_day: !start,
      status: meeting.isUpcoming ? 'confirmed' : 'passed',
      location: district.address?.trim() ? { name: district.address.trim(), note: '' } : null,
      media,
      documents,
      agenda: meetingTopicList(meeting.topics).map((description, at) => ({ description, order: String(at + 1) })),
      sources: [
        { url: new URL(links.get(meeting.id)!, site).href, note: `${district.name} board meeting` },
        ...officialSources(meeting),
      ],
      extras: {
        record_id: meeting.id,
        district_id: district.id,
        title: meeting.title,
        topics: meeting.topics,
        meeting_type: meeting.meeting_type,
        isUpcoming: meeting.isUpcoming,
        youtube_link: meeting.youtube_link,
        summary_source: meeting.summary_source,
      },
    };
  });
}
