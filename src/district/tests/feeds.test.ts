// Following a board: the RSS feed of meeting summaries read by a feed parser (rss-parser) and the calendar of
// meetings read by an iCalendar parser (ical.js), as a reader's app would read them; never by matching strings.
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { US_STATES } from '../../lib/districtSearch';
import type { SafeHtml } from '../../lib/sanitize';
import { meetingLinks } from '../../lib/record/meetingLinks';
import {
  feedAlternates,
  feedSummaryHtml,
  meetingDay,
  meetingsCalendar,
  meetingUid,
  summariesFeed,
  type FeedMeeting,
} from '../follow/feeds';
import { stateTimeZone, STATE_TIME_ZONES } from '../../lib/stateTimeZones';

const SITE = 'https://boards.example.org';
const district = {
  id: 1,
  name: 'Palo Alto Unified School District',
  state: 'CA',
  address: '25 Churchill Ave, Palo Alto, CA 94306',
};
const html = (text: string) => text as SafeHtml;

const meeting = (id: number, date: string, over: Partial<FeedMeeting> = {}): FeedMeeting => ({
  id,
  districtId: 1,
  date,
  title: null,
  topics: null,
  meeting_type: 'normal',
  summaryHtml: html(`<p>Summary of meeting ${id}.</p>`),
  ...over,
});

// Date descending, as the district page holds them; two meetings share 2025-05-20.
const meetings: FeedMeeting[] = [
  meeting(9, '2025-09-09', { meeting_type: 'upcoming', summaryHtml: null, sequence: 2 }),
  meeting(7, '2025-06-17', {
    topics: ['Budget 2025-26', 'LCAP'],
    summaryHtml: html(
      '<p>The board adopted the budget &amp; the <a href="https://example.org/lcap?a=1&amp;b=2">LCAP</a>. See <button type="button" class="timestamp" data-timestamp="1:02:03" aria-label="Play the video from 1:02:03">1:02:03</button>.</p><ul><li>Reserves 3%</li><li>COLA 2.30%</li></ul>',
    ),
  }),
  meeting(6, '2025-05-20', { title: 'Study Session', meeting_type: 'special', topics: 'Facilities, Summer projects' }),
  meeting(5, '2025-05-20', { summaryHtml: html('<p>Second meeting that day: &lt;closed session&gt;</p>') }),
  meeting(4, '2025-04-01', { summaryHtml: html('  ') }),
];

describe('stateTimeZone: the primary zone of each state', () => {
  it.each([
    ['CA', 'America/Los_Angeles'],
    ['ny', 'America/New_York'],
    [' TX ', 'America/Chicago'],
    ['AZ', 'America/Phoenix'],
    ['HI', 'Pacific/Honolulu'],
    ['IN', 'America/Indiana/Indianapolis'],
    ['ZZ', null],
    [null, null],
    ['', null],
  ])('%j → %j', (state, zone) => expect(stateTimeZone(state)).toBe(zone));

  it('covers every state the search offers, each a zone this runtime knows', () => {
    for (const state of US_STATES) expect(STATE_TIME_ZONES[state], state).toBeTruthy();
    for (const zone of Object.values(STATE_TIME_ZONES))
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });
});

describe('feedAlternates: what the district page advertises', () => {
  it('names both feeds with their types', () => {
    expect(feedAlternates(district)).toEqual([
      {
        rel: 'alternate',
        type: 'application/rss+xml',
        href: '/1/summaries.xml',
        title: 'Palo Alto Unified School District: board meeting summaries (RSS)',
      },
      {
        rel: 'alternate',
        type: 'text/calendar',
        href: '/1/meetings.ics',
        title: 'Palo Alto Unified School District: board meetings (iCalendar)',
      },
    ]);
  });
});

describe("meetingLinks: each meeting's card, the share link's rule", () => {
  it.each([
    [7, '/1?tab=Meetings#meeting-06-17-25'],
    [6, '/1?tab=Meetings#meeting-05-20-25'],
    // The page gives the anchor to the first card of a date only.
    [5, '/1?tab=Meetings'],
  ])('meeting %i → %s', (id, link) => expect(meetingLinks(1, meetings).get(id)).toBe(link));
});

describe('meetingDay: noon UTC, the same day in every US zone', () => {
  it.each(['America/Los_Angeles', 'Pacific/Honolulu', 'America/New_York', 'Pacific/Guam'])('%s', (zone) => {
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(meetingDay('2025-06-17'));
    expect(day).toBe('2025-06-17');
  });
});

describe('feedSummaryHtml: time stamp buttons become text again', () => {
  it('keeps everything else', () => {
    expect(
      feedSummaryHtml(
        html(
          '<p>At <button type="button" class="timestamp" aria-label="Play the video from 1:02">1:02</button> the vote</p>',
        ),
      ),
    ).toBe('<p>At 1:02 the vote</p>');
  });
});

describe('summariesFeed: RSS 2.0 of the summaries, read back by rss-parser', async () => {
  const xml = summariesFeed(district, meetings, SITE);
  const feed = await new Parser().parseString(xml);

  it('names the district, links its page, and says its language and its own address', async () => {
    expect(feed.title).toBe('Palo Alto Unified School District: board meeting summaries');
    expect(feed.link).toBe(`${SITE}/1`);
    expect(feed.language).toBe('en-us');
    const withSelf = await new Parser<{ 'atom:link': { $: { href: string; rel: string } } }>({
      customFields: { feed: ['atom:link'] },
    }).parseString(xml);
    expect(withSelf['atom:link'].$).toMatchObject({ href: `${SITE}/1/summaries.xml`, rel: 'self' });
  });

  it('has one item per meeting with a summary, newest first', () => {
    expect(feed.items.map((item) => item.link)).toEqual([
      `${SITE}/1?tab=Meetings#meeting-06-17-25`,
      `${SITE}/1?tab=Meetings#meeting-05-20-25`,
      `${SITE}/1?tab=Meetings`,
    ]);
    expect(feed.items.map((item) => item.title)).toEqual([
      'Board Meeting, 2025-06-17',
      'Special Study Session, 2025-05-20',
      'Board Meeting, 2025-05-20',
    ]);
  });

  it('dates each item on its meeting day', () => {
    expect(feed.items.map((item) => item.isoDate)).toEqual([
      '2025-06-17T12:00:00.000Z',
      '2025-05-20T12:00:00.000Z',
      '2025-05-20T12:00:00.000Z',
    ]);
  });

  it('carries the summary as HTML, time stamps as text, and the topics as categories', () => {
    const [first, second, third] = feed.items;
    expect(first.content).toContain('<a href="https://example.org/lcap?a=1&amp;b=2">LCAP</a>');
    expect(first.contentSnippet).toContain('See 1:02:03.');
    expect(first.content).not.toContain('<button');
    expect(first.categories).toEqual(['Budget 2025-26', 'LCAP']);
    expect(second.categories).toEqual(['Facilities', 'Summer projects']);
    expect(third.content).toBe('<p>Second meeting that day: &lt;closed session&gt;</p>');
  });

  it('gives each item a guid from its ids, not its link', () => {
    expect(feed.items.map((item) => item.guid)).toEqual([
      meetingUid(1, 7, SITE),
      meetingUid(1, 6, SITE),
      meetingUid(1, 5, SITE),
    ]);
    expect(meetingUid(1, 7, SITE)).toBe('meeting-7.district-1@boards.example.org');
  });

  it('keeps a title and a topic as written, whatever they hold, and the same record makes the same file', async () => {
    const odd = meeting(3, '2025-04-01', {
      title: 'Budget ]]> & <b>draft</b> ]]> review',
      topics: ['R&D ]]> <i>labs</i>'],
    });
    const text = summariesFeed(district, [odd], SITE);
    const [item] = (await new Parser().parseString(text)).items;
    expect(item.title).toBe('Budget ]]> & <b>draft</b> ]]> review, 2025-04-01');
    expect(item.categories).toEqual(['R&D ]]> <i>labs</i>']);
    expect(summariesFeed(district, [odd], SITE)).toBe(text);
  });

  it('has no items for a district without summaries', async () => {
    const empty = await new Parser().parseString(summariesFeed(district, [], SITE));
    expect(empty.items).toEqual([]);
  });
});

describe('meetingsCalendar: iCalendar of the meetings, read back by ical.js', () => {
  const stamp = new Date('2025-06-18T03:04:05Z');
  const read = (text: string) => new ICAL.Component(ICAL.parse(text));
  const calendar = read(meetingsCalendar(district, meetings, { site: SITE, stamp }));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const byUid = new Map(events.map((event) => [event.uid, event]));
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  it('is published, names the district and its time zone', () => {
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Los_Angeles');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Palo Alto Unified School District board meetings');
  });

  it('has one event per meeting, each with a stable UID from the district and meeting ids', () => {
    expect(events).toHaveLength(meetings.length);
    expect([...byUid.keys()].sort()).toEqual(meetings.map((m) => meetingUid(1, m.id, SITE)).sort());
  });

  it('dates each meeting as an all-day event on its day', () => {
    for (const m of meetings) {
      const start = byUid.get(meetingUid(1, m.id, SITE))!.startDate;
      expect(start.isDate).toBe(true);
      expect(start.toString()).toBe(m.date);
    }
  });

  it.each(['Pacific/Honolulu', 'Asia/Tokyo', 'America/Los_Angeles'])(
    'writes the same dates and stamp on a build machine in %s',
    (zone) => {
      process.env.TZ = zone;
      const again = read(meetingsCalendar(district, meetings, { site: SITE, stamp }));
      const starts = again
        .getAllSubcomponents('vevent')
        .map((vevent) => vevent.getFirstPropertyValue('dtstart')!.toString());
      expect(starts).toEqual(meetings.map((m) => m.date));
      expect(again.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp')!.toString()).toBe(
        '2025-06-18T03:04:05Z',
      );
    },
  );

  it('stamps every event with the given time, in UTC', () => {
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const dtstamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(dtstamp.toJSDate().toISOString()).toBe(stamp.toISOString());
      expect(dtstamp.zone?.tzid).toBe('UTC');
    }
  });

  it.each([
    [9, 2],
    [7, 0],
  ])("takes meeting %i's SEQUENCE from its sequence (%i)", (id, sequence) =>
    expect(byUid.get(meetingUid(1, id, SITE))!.sequence).toBe(sequence),
  );

  it('links each event to its card, with a title, the address and the summary as plain text', () => {
    const event = byUid.get(meetingUid(1, 7, SITE))!;
    expect(event.component.getFirstPropertyValue('url')).toBe(`${SITE}/1?tab=Meetings#meeting-06-17-25`);
    expect(event.summary).toBe('Board Meeting, Palo Alto Unified School District');
    expect(event.location).toBe(district.address);
    expect(event.description).toBe(
      'Topics: Budget 2025-26, LCAP\n\nThe board adopted the budget & the LCAP (https://example.org/lcap?a=1&b=2). See 1:02:03.\n\n- Reserves 3%\n- COLA 2.30%',
    );
    expect(byUid.get(meetingUid(1, 9, SITE))!.summary).toBe(
      'Upcoming Board Meeting, Palo Alto Unified School District',
    );
    expect(byUid.get(meetingUid(1, 9, SITE))!.description).toBeNull();
  });

  it('leaves the time zone out for a state it does not know', () => {
    const other = read(
      meetingsCalendar({ ...district, state: null, address: null }, meetings.slice(0, 1), { site: SITE, stamp }),
    );
    expect(other.getFirstPropertyValue('x-wr-timezone')).toBeNull();
    expect(new ICAL.Event(other.getFirstSubcomponent('vevent')!).location).toBeNull();
  });

  it('is an empty calendar for a district without meetings', () => {
    expect(read(meetingsCalendar(district, [], { site: SITE, stamp })).getAllSubcomponents('vevent')).toEqual([]);
  });
});

describe('what a parent needs to trust the record, in both feeds', async () => {
  const stamp = new Date('2025-06-18T03:04:05Z');
  const trusted = meeting(17, '2025-06-17', {
    start_time: '18:00',
    time_zone: 'America/Los_Angeles',
    agenda_url: 'https://example.org/agendas/2025-06-17',
    minutes_url: 'https://example.org/minutes/2025-06-17',
    minutes_status: 'approved',
    full_video_url: 'https://example.org/video/2025-06-17',
    summary_source: 'ai_video',
  });
  const plain = meeting(16, '2025-06-03');
  const feed = await new Parser().parseString(summariesFeed(district, [trusted, plain], SITE));
  const calendar = new ICAL.Component(ICAL.parse(meetingsCalendar(district, [trusted, plain], { site: SITE, stamp })));
  const events = new Map(
    calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .map((event) => [event.uid, event]),
  );

  it('the RSS item of a meeting with all of it names its summary source and official records, after the summary', () => {
    expect(feed.items[0].content).toBe(
      '<p>Summary of meeting 17.</p><p><em>Summary drafted with AI from the meeting video</em></p>' +
        '<p><a href="https://example.org/agendas/2025-06-17">Agenda</a></p><p><a href="https://example.org/minutes/2025-06-17">Minutes (approved)</a></p>' +
        '<p><a href="https://example.org/video/2025-06-17">Full meeting video</a></p>',
    );
  });

  it('the RSS item of a meeting with none of it is the summary alone', () => {
    expect(feed.items[1].content).toBe('<p>Summary of meeting 16.</p>');
  });

  it('the calendar gives a known time as a timed event at the moment it starts in its zone, three hours long', () => {
    const event = events.get(meetingUid(1, 17, SITE))!;
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-06-18T01:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-06-18T04:00:00.000Z');
    expect(event.description).toBe(
      'Summary of meeting 17.\nSummary drafted with AI from the meeting video\n\nAgenda: https://example.org/agendas/2025-06-17\nMinutes (approved): https://example.org/minutes/2025-06-17\nFull meeting video: https://example.org/video/2025-06-17',
    );
  });

  it('the calendar gives a meeting without a time as the day', () => {
    const event = events.get(meetingUid(1, 16, SITE))!;
    expect(event.startDate.isDate).toBe(true);
    expect(event.description).toBe('Summary of meeting 16.');
  });
});
