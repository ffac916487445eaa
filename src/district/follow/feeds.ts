// Feeds a reader can follow: the RSS 2.0 of a district's meeting summaries (written by the `feed` library, as the
// feeds of alerts and searches are), and the iCalendar of its meetings.
import { Feed } from 'feed';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { District } from '../../lib/data/districts';
import type { Meeting } from '../../lib/data/meetings';
import type { SafeHtml } from '../../lib/sanitize';
import { htmlToText } from '../../lib/htmlText';
import { stateTimeZone } from '../../lib/stateTimeZones';
import { districtPath } from '../../lib/paths';
import { meetingLinks } from '../../lib/record/meetingLinks';
import { meetingTitle, meetingTopicList } from '../../lib/record/meetingTitles';
import { officialSources, zonedStart } from '../../lib/officialRecords';
import { summarySourceLine } from '../meetingSources';

/** A meeting as the feeds read it: the built row (summary sanitised), with `sequence` rising each time it changes (0 if absent). */
export type FeedMeeting = Pick<Meeting, 'id' | 'districtId' | 'date' | 'title' | 'topics' | 'meeting_type'> & {
  summaryHtml: SafeHtml | null;
  sequence?: number | null;
} & Partial<
    Pick<
      Meeting,
      'start_time' | 'time_zone' | 'agenda_url' | 'minutes_url' | 'minutes_status' | 'full_video_url' | 'summary_source'
    >
  >;

/** A meeting's official records as links a feed lists after its summary (agenda, minutes, full video). */
function officialLinks(meeting: FeedMeeting): { url: string; note: string }[] {
  return officialSources({
    date: meeting.date,
    agenda_url: meeting.agenda_url ?? null,
    minutes_url: meeting.minutes_url ?? null,
    minutes_status: meeting.minutes_status ?? null,
    full_video_url: meeting.full_video_url ?? null,
  });
}

/** Where a feed item's summary came from, as the card says it ('Summary written by staff'), after the summary. */
function sourceParagraph(meeting: FeedMeeting): string {
  const line = summarySourceLine(meeting.summary_source, Boolean(meeting.summaryHtml?.trim()));
  return line ? `<p><em>${line}</em></p>` : '';
}

/** A meeting's identity in feeds and calendars, stable for its life (from the district and meeting ids, never the date). */
export function meetingUid(districtId: number, meetingId: number, site: string | URL): string {
  return `meeting-${meetingId}.district-${districtId}@${new URL(site).hostname}`;
}

/** A meeting date (YYYY-MM-DD) at noon UTC: the same calendar day in every US time zone, where midnight UTC is the day before. */
export function meetingDay(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** A summary as a feed reader gets it: the sanitised HTML, its time stamp buttons (which need the page's video) back to text. */
export function feedSummaryHtml(html: SafeHtml): string {
  return html.replace(/<button\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, '').replace(/<\/button>/gi, '');
}

/** Text safe inside a double-quoted HTML attribute. */
function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The feed's address for a district (advertised with <link rel="alternate" type="application/rss+xml">). */
export function summariesFeedPath(districtId: number): string {
  return `${districtPath(districtId)}/summaries.xml`;
}

/** The calendar's address for a district (served as text/calendar, advertised with <link rel="alternate" type="text/calendar">). */
export function meetingsCalendarPath(districtId: number): string {
  return `${districtPath(districtId)}/meetings.ics`;
}

/**
 * What a district page's head advertises with <link rel="alternate">, so browsers and feed readers find both feeds.
 * Their titles are the page's words: `titles` gives them in the page's language (English by default).
 */
export function feedAlternates(
  district: Pick<District, 'id' | 'name'>,
  titles: { summaries: string; calendar: string } = {
    summaries: `${district.name}: board meeting summaries (RSS)`,
    calendar: `${district.name}: board meetings (iCalendar)`,
  },
): { rel: 'alternate'; type: string; href: string; title: string }[] {
  return [
    { rel: 'alternate', type: 'application/rss+xml', href: summariesFeedPath(district.id), title: titles.summaries },
    { rel: 'alternate', type: 'text/calendar', href: meetingsCalendarPath(district.id), title: titles.calendar },
  ];
}

/**
 * The RSS 2.0 document of a district's meeting summaries: one item per meeting with a summary, newest first, linking
 * to its card, with a guid that survives a changed date; dated by its newest meeting, so the same record makes the
 * same file.
 */
export function summariesFeed(
  district: Pick<District, 'id' | 'name'>,
  meetings: FeedMeeting[],
  site: string | URL,
): string {
  const links = meetingLinks(district.id, meetings);
  const items = meetings
    .filter((meeting) => meeting.summaryHtml?.trim())
    .map((meeting, index) => ({ meeting, index }))
    // Newest first even if the caller's order is not; a day's meetings keep their order.
    .sort((a, b) => (a.meeting.date === b.meeting.date ? a.index - b.index : a.meeting.date < b.meeting.date ? 1 : -1));
  const feed = new Feed({
    title: `${district.name}: board meeting summaries`,
    description: `Summaries of the ${district.name} board's meetings, newest first.`,
    link: new URL(districtPath(district.id), site).href,
    language: 'en-us',
    // The feed names its own address (atom:link rel=self), as feed validators ask of RSS 2.0.
    feedLinks: { rss: new URL(summariesFeedPath(district.id), site).href },
    updated: items.length ? meetingDay(items[0].meeting.date) : new Date(0),
    generator: false,
  });
  for (const { meeting } of items)
    feed.addItem({
      title: `${meetingTitle(meeting.title, meeting.meeting_type)}, ${meeting.date}`,
      link: new URL(links.get(meeting.id)!, site).href,
      date: meetingDay(meeting.date),
      description:
        feedSummaryHtml(meeting.summaryHtml!) +
        sourceParagraph(meeting) +
        officialLinks(meeting)
          .map(({ url, note }) => `<p><a href="${escapeAttribute(url)}">${note}</a></p>`)
          .join(''),
      category: meetingTopicList(meeting.topics).map((name) => ({ name })),
      guid: meetingUid(district.id, meeting.id, site),
    });
  return feed.rss2();
}

/** How long a timed meeting is shown in a calendar: the record has its start only. */
export const MEETING_HOURS = 3;

/** How often calendar apps are asked to check again: the site is rebuilt nightly. */
export const CALENDAR_REFRESH_SECONDS = 12 * 60 * 60;

/**
 * The iCalendar (METHOD:PUBLISH) of a district's meetings: one all-day event per meeting (the table holds dates
 * only) with a UID from the district and meeting ids, SEQUENCE from the meeting's `sequence`, the card as URL, the
 * summary as plain text, the district's address as location, and X-WR-TIMEZONE for its state. `stamp` is DTSTAMP:
 * when the data was read, passed in so the same data makes the same file.
 */
export function meetingsCalendar(
  district: Pick<District, 'id' | 'name' | 'state' | 'address'>,
  meetings: FeedMeeting[],
  options: { site: string | URL; stamp: Date },
): string {
  const links = meetingLinks(district.id, meetings);
  const zone = stateTimeZone(district.state);
  const calendar = ical({
    name: `${district.name} board meetings`,
    description: `Meetings of the ${district.name} board`,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'School Board Transparency', product: 'Board meetings', language: 'EN' },
    url: new URL(districtPath(district.id), options.site).href,
    ttl: CALENDAR_REFRESH_SECONDS,
  });
  // Named, not set as ical-generator's timezone: that would write DTSTAMP and the dates in the build machine's own
  // zone. All-day dates are floating by RFC 5545; X-WR-TIMEZONE tells calendar apps whose day they are.
  if (zone) calendar.x('X-WR-TIMEZONE', zone);
  for (const meeting of meetings) {
    const [year, month, day] = meeting.date.split('-').map(Number);
    const topics = meetingTopicList(meeting.topics).join(', ');
    const summary = [
      htmlToText(meeting.summaryHtml, 'lines'),
      summarySourceLine(meeting.summary_source, Boolean(meeting.summaryHtml?.trim())),
    ]
      .filter(Boolean)
      .join('\n');
    const official = officialLinks(meeting)
      .map(({ url, note }) => `${note}: ${url}`)
      .join('\n');
    // A known time and zone make a timed event, written as the UTC instant (valid without a VTIMEZONE, shown in each
    // reader's own zone); otherwise the event is the day.
    const timed =
      meeting.start_time && meeting.time_zone ? zonedStart(meeting.date, meeting.start_time, meeting.time_zone) : null;
    calendar.createEvent({
      id: meetingUid(district.id, meeting.id, options.site),
      sequence: Math.max(0, Math.trunc(meeting.sequence ?? 0)),
      stamp: options.stamp,
      // Midnight UTC: ical-generator writes a date-only value from the UTC date when no zone is set.
      start: timed ? timed.instant : new Date(Date.UTC(year, month - 1, day)),
      ...(timed ? { end: new Date(timed.instant.getTime() + MEETING_HOURS * 3_600_000) } : { allDay: true }),
      summary: `${meetingTitle(meeting.title, meeting.meeting_type)}, ${district.name}`,
      description: [topics && `Topics: ${topics}`, summary, official].filter(Boolean).join('\n\n') || null,
      location: district.address?.trim() || null,
      url: new URL(links.get(meeting.id)!, options.site).href,
    });
  }
  return calendar.toString();
}
