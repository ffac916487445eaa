// Meeting card rules: the title with its meeting type, MM/DD/YY dates, the topics line, anchors and share links.
import type { Meeting } from '../lib/data/meetings';
import type { SafeHtml } from '../lib/sanitize';
import type { RichTextJob } from './document';
import { districtPath } from '../lib/paths.ts';
import { videoIdFromLink } from './video.ts';
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

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A date as MM/DD/YY, read in UTC so a YYYY-MM-DD date never shows as the day before; unreadable dates are shown as given. */
export function formatMeetingDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad2(date.getUTCMonth() + 1)}/${pad2(date.getUTCDate())}/${pad2(date.getUTCFullYear() % 100)}`;
}

/**
 * The card title: the meeting's title (default 'Board Meeting'); a meeting type other than 'normal' is
 * capitalised and placed before it ('special' + 'Board Meeting' → 'Special Board Meeting'), unless the title
 * already starts with it.
 */
export function meetingTitle(title: string | null | undefined, meetingType: string | null | undefined): string {
  const base = title?.trim() || 'Board Meeting';
  const type = meetingType?.trim() ?? '';
  if (!type || type.toLowerCase() === 'normal') return base;
  if (base.toLowerCase().startsWith(type.toLowerCase())) return base;
  return `${type.charAt(0).toUpperCase()}${type.slice(1)} ${base}`;
}

/** The 'Topics:' line: an array is joined with commas; a string is shown as it is (or parsed, when it holds a JSON array). */
export function meetingTopicsText(topics: string[] | string | null | undefined): string {
  if (topics == null) return '';
  let list: unknown = topics;
  if (typeof topics === 'string') {
    const text = topics.trim();
    if (!text.startsWith('[')) return text;
    try {
      list = JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (!Array.isArray(list)) return String(topics);
  return list
    .map((item) => String(item).trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The topics a meeting lists, one by one (for counting them, where the card only shows the line): an array as it
 * is, a string holding a JSON array parsed, any other string split on commas; blanks dropped, spaces trimmed.
 */
export function meetingTopicList(topics: string[] | string | null | undefined): string[] {
  if (topics == null) return [];
  let list: unknown = topics;
  if (typeof topics === 'string') {
    const text = topics.trim();
    list = text.split(',');
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        // Not JSON after all: the text is a comma-joined list that happens to start with '['.
      }
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map((item) => String(item).trim()).filter(Boolean);
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

/** The card's anchor: `meeting-` and the MM/DD/YY date with slashes replaced by dashes. */
export function meetingAnchor(date: string): string {
  return `meeting-${formatMeetingDate(date).replaceAll('/', '-')}`;
}

/** The share link of a meeting: page URL + ?tab=Meetings#meeting-MM-DD-YY. */
export function meetingShareUrl(pageUrl: string, anchor: string): string {
  return `${pageUrl}?tab=Meetings#${anchor}`;
}

/**
 * The links of a district's meetings to their cards (`/{id}?tab=Meetings#meeting-MM-DD-YY`), the share link's rule.
 * As on the page, only the first meeting of a date (in the order given, date descending) has that anchor; a second
 * meeting on the same day links to the Meetings tab.
 */
export function meetingLinks(districtId: number, meetings: Pick<Meeting, 'id' | 'date'>[]): Map<number, string> {
  const page = districtPath(districtId);
  const seen = new Set<string>();
  const links = new Map<number, string>();
  for (const meeting of meetings) {
    const anchor = meetingAnchor(meeting.date);
    links.set(meeting.id, seen.has(anchor) ? `${page}?tab=Meetings` : meetingShareUrl(page, anchor));
    seen.add(anchor);
  }
  return links;
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
export function meetingCards<M extends Omit<Meeting, 'summary'>>(meetings: M[], summaryHtml: (meeting: M) => SafeHtml | null): MeetingCardData[] {
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
      date: formatMeetingDate(meeting.date),
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
