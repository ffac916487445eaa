// What a meeting card says of where its record comes from: the links to the official agenda, minutes and full video,
// and the line naming the summary's source. A meeting without them shows neither.
import type { Meeting, SummarySource } from '../lib/data/meetings';
import { minutesLabel } from '../lib/officialRecords.ts';

/** One official record of a meeting as its card links to it: the visible words and the address. */
export interface RecordLink {
  label: string;
  url: string;
}

/** What a card names the full recording: the link reads as what a parent does with it. */
export const FULL_VIDEO_LABEL = 'Watch the full meeting';

/** The summary's source line, by where the summary came from. */
export const SUMMARY_SOURCE_LINES: Readonly<Record<SummarySource, string>> = {
  ai_video: 'Summary drafted with AI from the meeting video',
  staff: 'Summary written by staff',
  minutes: 'Summary taken from the minutes',
};

/**
 * An address a card may link to: a web address, https or http as the district publishes it (the database holds
 * nothing else; a live page reads what it is sent, so it checks again).
 */
function webUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}

/**
 * The card's links to a meeting's official records, in the order agenda, minutes (marked draft or approved), full
 * video; each only when the meeting has it. Empty for a meeting with none.
 */
export function meetingRecordLinks(
  meeting: Partial<Pick<Meeting, 'agenda_url' | 'minutes_url' | 'minutes_status' | 'full_video_url'>>,
): RecordLink[] {
  const links: (RecordLink | null)[] = [
    ((url) => (url ? { label: 'Agenda', url } : null))(webUrl(meeting.agenda_url)),
    ((url) => (url ? { label: minutesLabel(meeting.minutes_status ?? null), url } : null))(webUrl(meeting.minutes_url)),
    ((url) => (url ? { label: FULL_VIDEO_LABEL, url } : null))(webUrl(meeting.full_video_url)),
  ];
  return links.filter((link): link is RecordLink => link !== null);
}

/** The line naming where a summary came from; null when the source is not recorded or there is no summary to name. */
export function summarySourceLine(source: SummarySource | null | undefined, hasSummary: boolean): string | null {
  return hasSummary && source ? (SUMMARY_SOURCE_LINES[source] ?? null) : null;
}
