// Meeting card rules: what a card shows, the upcoming badge, the Expand/Minimize control, the summary's sanitising.
import { describe, expect, it } from 'vitest';
import { isUpcomingMeeting, meetingCards, meetingToggleTarget, meetingToggleVerb, summaryJob } from '../meetingCards';
import type { Meeting } from '../../lib/data/meetings';
import type { SafeHtml } from '../../lib/sanitize';

describe('isUpcomingMeeting: flagged, or of type upcoming', () => {
  it.each([
    [true, 'normal', true],
    [false, 'upcoming', true],
    [false, 'normal', false],
    [null, null, false],
  ])('isUpcoming=%j, type=%j → %j', (isUpcoming, type, expected) => {
    expect(isUpcomingMeeting({ isUpcoming, meeting_type: type })).toBe(expected);
  });
});

describe('meetingCards', () => {
  const meeting = (over: Partial<Meeting>): Meeting => ({
    id: 1,
    districtId: 1,
    date: '2024-09-10',
    title: null,
    topics: null,
    summary: '<p>at 3:07</p>',
    meeting_type: 'normal',
    isUpcoming: false,
    youtube_link: null,
    sequence: 0,
    start_time: null,
    time_zone: null,
    agenda_url: null,
    minutes_url: null,
    minutes_status: null,
    full_video_url: null,
    summary_source: null,
    ...over,
  });
  const render = (m: Meeting) => `rendered:${m.id}` as SafeHtml;

  it.each([
    ['a watch link', 'https://www.youtube.com/watch?v=aBcDeFgHiJ1', true],
    ['a short link', 'https://youtu.be/Qx7mN2pLk4Z', true],
    ['a link that yields no video id', 'https://vimeo.com/12345', false],
    ['no link', null, false],
  ])('turns time stamps into buttons only with %s', (_label, link, linked) => {
    expect(summaryJob(meeting({ youtube_link: link }))).toEqual({ html: '<p>at 3:07</p>', timestamps: linked });
    const [card] = meetingCards([meeting({ youtube_link: link })], render);
    expect(card.youtubeLink).toBe(linked ? link : null);
  });

  it.each([
    ['no summary', null],
    ['an empty summary', ''],
    ['a summary of spaces', '  \n '],
  ])('has nothing to sanitise for %s', (_label, summary) => {
    expect(summaryJob(meeting({ summary }))).toBeNull();
  });

  it('trims the summary it sanitises, and takes the card summary from the given function', () => {
    expect(summaryJob(meeting({ summary: '  <p>x</p>\n' }))).toEqual({ html: '<p>x</p>', timestamps: false });
    const [card] = meetingCards([meeting({ id: 7 })], render);
    expect(card.summaryHtml).toBe('rendered:7');
  });

  it('gives a date anchor to the first meeting of a date only, so ids stay unique', () => {
    const cards = meetingCards(
      [meeting({ id: 1 }), meeting({ id: 2 }), meeting({ id: 3, date: '2024-09-11' })],
      render,
    );
    expect(cards.map((c) => c.anchor)).toEqual(['meeting-09-10-24', null, 'meeting-09-11-24']);
  });

  it('fills title, date, topics and upcoming from the rules', () => {
    const [card] = meetingCards(
      [meeting({ meeting_type: 'upcoming', isUpcoming: true, topics: ['A', 'B'], summary: null })],
      () => null,
    );
    expect(card).toMatchObject({
      title: 'Upcoming Board Meeting',
      date: '09/10/24',
      isoDate: '2024-09-10',
      topics: 'A, B',
      upcoming: true,
      summaryHtml: null,
    });
  });

  it.each([
    ['none of them: no links, no source line', {}, render, [], null],
    [
      'agenda, approved minutes, full video and an AI summary',
      {
        agenda_url: 'https://e.org/a',
        minutes_url: 'https://e.org/m',
        minutes_status: 'approved',
        full_video_url: 'https://e.org/v',
        summary_source: 'ai_video',
      },
      render,
      ['Agenda', 'Minutes (approved)', 'Watch the full meeting'],
      'Summary drafted with AI from the meeting video',
    ],
    ['a source but no summary shown: no source line', { summary_source: 'staff' }, () => null, [], null],
  ] as const)('carries its official records and summary source: %s', (_label, over, html, labels, source) => {
    const [card] = meetingCards([meeting(over)], html);
    expect(card.records.map((record) => record.label)).toEqual(labels);
    expect(card.summarySource).toBe(source);
  });
});

describe('the Expand/Minimize control: its name starts with the verb and names its meeting', () => {
  it.each([
    [false, 'Board Meeting', '06/17/25', 'Expand Board Meeting, 06/17/25'],
    [true, 'Board Meeting', '06/17/25', 'Minimize Board Meeting, 06/17/25'],
    [false, 'Special Board Meeting', '01/02/26', 'Expand Special Board Meeting, 01/02/26'],
  ])('expanded=%s, %s on %s reads %j', (expanded, title, date, name) => {
    expect(`${meetingToggleVerb(expanded)}${meetingToggleTarget({ title, date })}`).toBe(name);
  });
});
