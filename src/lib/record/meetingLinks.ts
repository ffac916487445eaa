// Where a meeting is linked: its card's anchor on the district page (`meeting-MM-DD-YY`) and its share link, the same
// in the page's share button, the feeds and open data, and the emails.
import type { Meeting } from '../data/meetings';
import { districtPath } from '../paths.ts';
import { formatDate } from '../../i18n/dates.ts';

/** The card's anchor: `meeting-` and the MM/DD/YY date with slashes replaced by dashes. */
export function meetingAnchor(date: string): string {
  return `meeting-${formatDate('en', date, 'card').replaceAll('/', '-')}`;
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
