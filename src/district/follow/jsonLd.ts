// Search engines and sharing: schema.org Event JSON-LD for each meeting of a district page.
import type { District } from '../../lib/data/districts';
import type { Meeting } from '../../lib/data/meetings';
import { districtPath } from '../../lib/paths';
import { meetingLinks } from '../../lib/record/meetingLinks';
import { meetingTitle } from '../../lib/record/meetingTitles';

/** A meeting as schema.org describes it. */
export interface MeetingEvent {
  '@type': 'Event';
  name: string;
  startDate: string;
  eventStatus: 'https://schema.org/EventScheduled';
  eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode';
  location: { '@type': 'Place'; name: string; address?: string };
  organizer: { '@type': 'GovernmentOrganization'; name: string; url: string };
  url: string;
}

/**
 * A schema.org Event per meeting: its card's title and date (a date only: the table holds no times), scheduled (a
 * meeting held is still one that was scheduled; the table records no cancellations), in person at the district's
 * address, organised by the district as a GovernmentOrganization, its url the meeting's card.
 */
export function meetingEvents(
  district: Pick<District, 'id' | 'name' | 'address'>,
  meetings: Pick<Meeting, 'id' | 'date' | 'title' | 'meeting_type'>[],
  site: string | URL,
): MeetingEvent[] {
  const links = meetingLinks(district.id, meetings);
  const organizer = {
    '@type': 'GovernmentOrganization' as const,
    name: district.name,
    url: new URL(districtPath(district.id), site).href,
  };
  const address = district.address?.trim();
  const location = { '@type': 'Place' as const, name: district.name, ...(address ? { address } : {}) };
  return meetings.map((meeting) => ({
    '@type': 'Event',
    name: `${meetingTitle(meeting.title, meeting.meeting_type)}, ${district.name}`,
    startDate: meeting.date,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location,
    organizer,
    url: new URL(links.get(meeting.id)!, site).href,
  }));
}

/** The page itself as schema.org describes it: a web page in the page's language about the district's board. */
export interface DistrictWebPage {
  '@type': 'WebPage';
  name: string;
  url: string;
  /** The page's language (BCP 47: 'en', 'es', 'zh-Hans'). */
  inLanguage: string;
}

/**
 * The JSON-LD document of a district page in a language: the page (its `inLanguage` the page's) and its meetings,
 * each marked `inLanguage: 'en'`: a meeting's name is the record's, published in English whatever the page's language.
 */
export function districtGraph(
  events: MeetingEvent[],
  page: { name: string; url: string; inLanguage: string },
): { '@context': 'https://schema.org'; '@graph': (DistrictWebPage | (MeetingEvent & { inLanguage: 'en' }))[] } {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', name: page.name, url: page.url, inLanguage: page.inLanguage },
      ...events.map((event) => ({ ...event, inLanguage: 'en' as const })),
    ],
  };
}

/**
 * JSON for the inside of <script type="application/ld+json">: '<', '>' and '&' written as \u escapes so no text
 * (a title holding '</script>' or '<!--') can end or change the script element; JSON parsers read them back as is.
 * U+2028 and U+2029 are escaped too, for tools that read the script as JavaScript.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
