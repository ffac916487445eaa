// Search engines and sharing: each meeting as a schema.org Event, safe inside <script type="application/ld+json">,
// parsed back and checked for its types.
import { describe, expect, it } from 'vitest';
import { districtGraph, jsonLdScript, meetingEvents } from '../follow/jsonLd';

const SITE = 'https://boards.example.org';
const district = { id: 1, name: 'Palo Alto Unified School District', address: '25 Churchill Ave, Palo Alto, CA 94306' };
const meetings = [
  { id: 9, date: '2025-09-09', title: null, meeting_type: 'upcoming' },
  { id: 7, date: '2025-06-17', title: 'Regular Meeting </script><script>alert(1)</script>', meeting_type: 'normal' },
  { id: 6, date: '2025-06-17', title: null, meeting_type: 'special' },
];

describe('meetingEvents: a schema.org Event per meeting', () => {
  // As the district page writes it: the page, then its meetings, in one graph.
  const script = jsonLdScript(
    districtGraph(meetingEvents(district, meetings, SITE), { name: district.name, url: `${SITE}/1`, inLanguage: 'en' }),
  );
  const parsed = JSON.parse(script);
  const events = parsed['@graph'].slice(1);

  it('parses back to a schema.org graph of the page and its Events', () => {
    expect(parsed['@context']).toBe('https://schema.org');
    expect(parsed['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual([
      'WebPage',
      'Event',
      'Event',
      'Event',
    ]);
  });

  it('gives each event its name, date, status, attendance mode, place, organizer and card', () => {
    expect(events[0]).toEqual({
      '@type': 'Event',
      name: 'Upcoming Board Meeting, Palo Alto Unified School District',
      startDate: '2025-09-09',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Palo Alto Unified School District',
        address: '25 Churchill Ave, Palo Alto, CA 94306',
      },
      organizer: { '@type': 'GovernmentOrganization', name: 'Palo Alto Unified School District', url: `${SITE}/1` },
      url: `${SITE}/1?tab=Meetings#meeting-09-09-25`,
      inLanguage: 'en',
    });
  });

  it.each([
    [0, '2025-09-09', `${SITE}/1?tab=Meetings#meeting-09-09-25`],
    [1, '2025-06-17', `${SITE}/1?tab=Meetings#meeting-06-17-25`],
    // A second meeting that day: its card has no anchor, so the event links the Meetings tab.
    [2, '2025-06-17', `${SITE}/1?tab=Meetings`],
  ])('event %i: a valid ISO date and an absolute url', (index, date, url) => {
    const event = events[index];
    expect(event.startDate).toBe(date);
    expect(Number.isNaN(Date.parse(event.startDate))).toBe(false);
    expect(new URL(event.url).href).toBe(url);
  });

  it('keeps a title that holds markup as text', () =>
    expect(events[1].name).toBe(
      'Regular Meeting </script><script>alert(1)</script>, Palo Alto Unified School District',
    ));

  it('leaves the address out when the district has none', () => {
    expect(meetingEvents({ ...district, address: ' ' }, meetings, SITE)[0].location).toEqual({
      '@type': 'Place',
      name: district.name,
    });
  });
});

describe('jsonLdScript: safe inside a script element', () => {
  it.each([
    ['</script><script>alert(1)</script>'],
    ['<!-- comment'],
    ['a & b > c'],
    ['line\u2028separator\u2029'],
    ['plain'],
  ])('%j never appears raw, and parses back unchanged', (text) => {
    const script = jsonLdScript({ name: text });
    expect(script).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(script)).toEqual({ name: text });
  });
});
