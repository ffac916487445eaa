// What a parent needs to trust the record travels with it: a meeting's start in its district's time zone, its agenda,
// minutes (draft or approved) and full video, in the calendar (read back by ical.js), the RSS (rss-parser), the votes'
// and the meetings' Open Civic Data.
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import type { SafeHtml } from '../../src/lib/sanitize';
import type { Meeting } from '../../src/lib/data/meetings';
import { meetingsCalendar, summariesFeed, type FeedMeeting } from '../../src/district/follow/feeds';
import { minutesLabel, officialSources, zonedStart } from '../../src/lib/officialRecords';
import { meetingEvents, voteEvents } from '../../src/district/follow/openData';

const SITE = 'https://boards.example.org';
const district = {
  id: 1,
  name: 'Palo Alto Unified School District',
  state: 'CA',
  address: '25 Churchill Ave, Palo Alto, CA 94306',
};

const recorded: Meeting = {
  id: 17,
  districtId: 1,
  date: '2025-06-17',
  title: 'Regular Board Meeting',
  topics: ['Budget', 'LCAP'],
  summary: '<p>Adopted at 10:12.</p>',
  meeting_type: 'normal',
  isUpcoming: false,
  youtube_link: 'https://youtu.be/Qx7mN2pLk4Z',
  sequence: 3,
  start_time: '18:00',
  time_zone: 'America/Los_Angeles',
  agenda_url: 'https://example.org/agenda',
  minutes_url: 'https://example.org/minutes',
  minutes_status: 'approved',
  full_video_url: 'https://example.org/video',
  summary_source: 'ai_video',
};
const bare: Meeting = {
  ...recorded,
  id: 16,
  date: '2025-06-03',
  title: null,
  start_time: null,
  time_zone: null,
  agenda_url: null,
  minutes_url: null,
  minutes_status: null,
  full_video_url: null,
  summary_source: null,
  youtube_link: null,
  topics: 'Budget',
};

describe("zonedStart: a meeting's start from its date, time and zone", () => {
  it.each([
    ['2025-06-17', '18:00', 'America/Los_Angeles', '2025-06-17T18:00:00-07:00', '2025-06-18T01:00:00.000Z'],
    ['2025-01-14', '18:00', 'America/Los_Angeles', '2025-01-14T18:00:00-08:00', '2025-01-15T02:00:00.000Z'],
    ['2025-03-11', '19:30', 'America/New_York', '2025-03-11T19:30:00-04:00', '2025-03-11T23:30:00.000Z'],
    ['2025-06-17', '18:00', 'America/Phoenix', '2025-06-17T18:00:00-07:00', '2025-06-18T01:00:00.000Z'],
    ['2025-06-17', '09:00', 'UTC', '2025-06-17T09:00:00+00:00', '2025-06-17T09:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso, instant) => {
    const start = zonedStart(date, time, zone)!;
    expect(start.iso).toBe(iso);
    expect(start.instant.toISOString()).toBe(instant);
  });

  it('is null for a zone it does not know', () => expect(zonedStart('2025-06-17', '18:00', 'Mars/Olympus')).toBeNull());
});

describe('officialSources: agenda, minutes and full video, named alike everywhere', () => {
  it.each([
    ['approved', 'Minutes (approved)'],
    ['draft', 'Minutes (draft)'],
    [null, 'Minutes'],
  ] as const)('minutes %s are %s', (status, label) => expect(minutesLabel(status)).toBe(label));

  it('lists what the meeting has, in order', () => {
    expect(officialSources(recorded)).toEqual([
      { url: 'https://example.org/agenda', note: 'Agenda' },
      { url: 'https://example.org/minutes', note: 'Minutes (approved)' },
      { url: 'https://example.org/video', note: 'Full meeting video' },
    ]);
    expect(officialSources(bare)).toEqual([]);
    expect(officialSources(undefined)).toEqual([]);
  });
});

const feedMeeting = (meeting: Meeting): FeedMeeting => ({ ...meeting, summaryHtml: meeting.summary as SafeHtml });

describe('the calendar gives a timed event where the time is known', () => {
  const calendar = new ICAL.Component(
    ICAL.parse(
      meetingsCalendar(district, [recorded, bare].map(feedMeeting), {
        site: SITE,
        stamp: new Date('2025-06-18T00:00:00Z'),
      }),
    ),
  );
  const [timed, day] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

  it('at the moment the meeting starts in its district, for three hours', () => {
    expect(timed.startDate.isDate).toBe(false);
    expect(timed.startDate.toJSDate().toISOString()).toBe('2025-06-18T01:00:00.000Z');
    expect(timed.endDate.toJSDate().toISOString()).toBe('2025-06-18T04:00:00.000Z');
    expect(timed.description).toContain(
      'Agenda: https://example.org/agenda\nMinutes (approved): https://example.org/minutes\nFull meeting video: https://example.org/video',
    );
  });

  it('and the day, where it is not', () => {
    expect(day.startDate.isDate).toBe(true);
    expect(day.startDate.toString()).toBe('2025-06-03');
  });
});

describe('the RSS names the official records after the summary', () => {
  it('as links a feed reader follows', async () => {
    const feed = await new Parser().parseString(summariesFeed(district, [feedMeeting(recorded)], SITE));
    const [item] = feed.items;
    expect(item.content).toContain('<a href="https://example.org/minutes">Minutes (approved)</a>');
    expect(item.content).toContain('<a href="https://example.org/agenda">Agenda</a>');
  });
});

describe('meetingEvents: each meeting as an Open Civic Data Event', () => {
  const [event, plain] = JSON.parse(JSON.stringify(meetingEvents(district, [recorded, bare], SITE))) as ReturnType<
    typeof meetingEvents
  >;

  it('carries the start with its offset, the summary as recorded, the video, the agenda and minutes, and the card', () => {
    expect(event).toMatchObject({
      name: 'Regular Board Meeting',
      description: '<p>Adopted at 10:12.</p>',
      start_date: '2025-06-17T18:00:00-07:00',
      timezone: 'America/Los_Angeles',
      all_day: false,
      status: 'passed',
      media: [
        { note: 'Video', links: [{ url: 'https://youtu.be/Qx7mN2pLk4Z' }] },
        { note: 'Full meeting video', links: [{ url: 'https://example.org/video' }] },
      ],
      documents: [
        { note: 'Agenda', links: [{ url: 'https://example.org/agenda' }] },
        { note: 'Minutes (approved)', links: [{ url: 'https://example.org/minutes' }] },
      ],
      agenda: [
        { description: 'Budget', order: '1' },
        { description: 'LCAP', order: '2' },
      ],
      extras: {
        record_id: 17,
        district_id: 1,
        title: 'Regular Board Meeting',
        topics: ['Budget', 'LCAP'],
        summary_source: 'ai_video',
      },
    });
    expect(event.sources[0]).toEqual({
      url: 'https://boards.example.org/1?tab=Meetings#meeting-06-17-25',
      note: 'Palo Alto Unified School District board meeting',
    });
  });

  it('is a day without a time, titled as the card titles it, keeping the title the record has', () => {
    expect(plain).toMatchObject({
      name: 'Board Meeting',
      start_date: '2025-06-03',
      all_day: true,
      timezone: null,
      media: [],
      documents: [],
      extras: { title: null, topics: 'Budget' },
    });
  });
});

describe('voteEvents name the official records of the meeting the vote was taken at', () => {
  it("after the site's own row", () => {
    const votes = [
      {
        id: 4,
        districtId: 1,
        type: 'recent' as const,
        voteDate: '2025-06-17',
        category: 'Budget',
        issue: 'Adopt the budget',
        outcome: 'Passed (1-0)',
        votes: [{ name: 'Ann Lee', vote: 'Yes' }],
      },
    ];
    const [event] = voteEvents(district, votes, SITE, [recorded, bare]);
    expect(event.sources.map((source) => source.note)).toEqual([
      'Palo Alto Unified School District board votes',
      'Agenda',
      'Minutes (approved)',
      'Full meeting video',
    ]);
  });
});
