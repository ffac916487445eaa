// Meeting card rules: what one card shows, its Expand/Minimize words, the upcoming badge and which summaries are
// sanitised with their time stamps. A meeting's title, date, topics line and share link are the record's own rules
// (src/lib/record/meetingTitles.ts, meetingLinks.ts), which the feeds and the emails use too.
import type { Meeting } from '../lib/data/meetings';
import type { SafeHtml } from '../lib/sanitize';
import type { RichTextJob } from './richText';
import { meetingAnchor } from '../lib/record/meetingLinks.ts';
import { meetingTitle, meetingTopicsText } from '../lib/record/meetingTitles.ts';
import { formatDate } from '../i18n/dates.ts';
import { videoIdFromLink } from '../lib/record/videoLinks.ts';
import { meetingRecordLinks, summarySourceLine, type RecordLink } from './meetingSources.ts';

/** What one meeting card shows, computed once (at build, or in the browser for a district added later). */
export interface MeetingCardData {
  id: number;
  /** The card's element id (`meeting-MM-DD-YY`); only the first meeting of a date gets it, ids must be unique. */
  anchor: string | null;
  title: string;
  /** MM/DD/YY. */
  date: string;
  /** YYYY-MM-DD, for <time datetime>. */
  isoDate: string;
  /** The topics joined with commas; empty when the meeting lists none. */
  topics: string;
  summaryHtml: SafeHtml | null;
  upcoming: boolean;
  /** The video link, only when it yields a video id (then the summary's time stamps are buttons). */
  youtubeLink: string | null;
  /** The official agenda, minutes and full video the meeting has, in that order (see meetingSources.ts). */
  records: RecordLink[];
  /** Where the summary came from ('Summary written by staff'); null without a summary or a recorded source. */
  summarySource: string | null;
}

/** What a card's Expand/Minimize control says it will do next: the verb shown, which the button's name starts with. */
export function meetingToggleVerb(expanded: boolean): 'Expand' | 'Minimize' {
  return expanded ? 'Minimize' : 'Expand';
}

/**
 * Which meeting a card's control is for, read after its verb ('Expand Board Meeting, 06/17/25'), so a screen reader
 * does not list seventeen identical 'Expand' buttons.
 */
export function meetingToggleTarget(card: Pick<MeetingCardData, 'title' | 'date'>): string {
  return ` ${card.title}, ${card.date}`;
}

/** Upcoming meetings (flagged, or of type 'upcoming') show a badge and have no share link. */
export function isUpcomingMeeting(meeting: Pick<Meeting, 'isUpcoming' | 'meeting_type'>): boolean {
  return meeting.isUpcoming === true || meeting.meeting_type?.trim().toLowerCase() === 'upcoming';
}

/** The meeting's video link, only when it yields a video id (then its summary's time stamps become buttons). */
export function meetingVideoLink(meeting: Pick<Meeting, 'youtube_link'>): string | null {
  return meeting.youtube_link && videoIdFromLink(meeting.youtube_link) ? meeting.youtube_link : null;
}

/** What of a meeting's summary is sanitised: the trimmed text, time stamps linked when there is a video; null when empty. */
export function summaryJob(meeting: Pick<Meeting, 'summary' | 'youtube_link'>): RichTextJob {
  const html = meeting.summary?.trim();
  return html ? { html, timestamps: meetingVideoLink(meeting) !== null } : null;
}

/**
 * The cards of a district's meetings, in the order given (date descending). `summaryHtml` gives a meeting's
 * sanitised summary (prepared at build by the snapshot loader, sanitised on the spot in the browser).
 */
export function meetingCards<M extends Omit<Meeting, 'summary'>>(
  meetings: M[],
  summaryHtml: (meeting: M) => SafeHtml | null,
): MeetingCardData[] {
  const seen = new Set<string>();
  return meetings.map((meeting) => {
    const anchor = meetingAnchor(meeting.date);
    const unique = !seen.has(anchor);
    seen.add(anchor);
    const html = summaryHtml(meeting);
    return {
      id: meeting.id,
      anchor: unique ? anchor : null,
      title: meetingTitle(meeting.title, meeting.meeting_type),
      date: formatDate('en', meeting.date, 'card'),
      isoDate: meeting.date,
      topics: meetingTopicsText(meeting.topics),
      summaryHtml: html,
      upcoming: isUpcomingMeeting(meeting),
      youtubeLink: meetingVideoLink(meeting),
      records: meetingRecordLinks(meeting),
      summarySource: summarySourceLine(meeting.summary_source, html !== null),
    };
  });
}
