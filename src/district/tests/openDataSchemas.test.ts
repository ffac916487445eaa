// The site's Open Civic Data exports (/{id}/votes.json, /{id}/meetings.json) validate against pupa's own scrape
// schemas (tests/fixtures/ocd/pupa-schemas, converted to JSON Schema), checked with ajv: what the field's tools read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkMeeting, meetingSchema } from '../../lib/data/meetings';
import type { MemberVoting } from '../boardMembers';
import { meetingEvents, voteEvents } from '../follow/openData';

const SCHEMAS = join(import.meta.dirname, '../../../tests/fixtures/ocd/pupa-schemas');
const ajv = new Ajv({ allErrors: true, strict: false });
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, name), 'utf8')) as object);
const validVoteEvent = schema('vote_event.json');
const validEvent = schema('event.json');

const district = { id: 1, name: 'Palo Alto Unified School District', address: '25 Churchill Ave, Palo Alto, CA' };

const vote = (id: number, voteDate: string | null, votes: [string, string][], outcome = 'Passed'): MemberVoting => ({
  id,
  type: 'recent',
  voteDate,
  category: 'Budget',
  issue: `Issue ${id}`,
  outcome,
  votes: votes.map(([name, vote]) => ({ name, vote })),
});

const meeting = (over: Partial<ReturnType<typeof meetingSchema.parse>>) => {
  const { row } = checkMeeting({ id: 1, districtId: 1, date: '2025-06-17', ...over });
  if (!row) throw new Error('a test meeting must be a meeting');
  return row;
};

const errorsOf = (validate: typeof validEvent, objects: unknown[]) =>
  objects.flatMap((object, at) => (validate(object) ? [] : [`${at}: ${ajv.errorsText(validate.errors)}`]));

describe("the site's exports validate against pupa's scrape schemas", () => {
  it('votes.json: every VoteEvent, with or without a roll call or a date', () => {
    const events = voteEvents(
      district,
      [
        vote(1, '2025-06-17', [
          ['Maria Okafor', 'Yes'],
          ['James Lindqvist', 'Recused'],
          ['Priya Raman', '-'],
          ['Daniel Cho', 'Paired'],
        ]),
        vote(2, '2025-06-03', [], 'Passed (5-0)'),
        vote(3, null, [['Maria Okafor', 'No']], 'Failed'),
      ],
      'https://example.org',
    );
    expect(errorsOf(validVoteEvent, JSON.parse(JSON.stringify(events)) as unknown[])).toEqual([]);
    expect(events.map((event) => event.organization)).toEqual([district.name, district.name, district.name]);
  });

  it('meetings.json: every Event, with or without a summary, a time, media or topics', () => {
    const events = meetingEvents(
      district,
      [
        meeting({ id: 1, summary: null }),
        meeting({
          id: 2,
          title: 'Regular Board Meeting',
          summary: '<p>Budget adopted.</p>',
          start_time: '18:00',
          time_zone: 'America/Los_Angeles',
          youtube_link: 'https://youtu.be/Qx7mN2pLk4Z',
          full_video_url: 'https://example.org/video',
          agenda_url: 'https://example.org/agenda',
          topics: ['Budget', 'LCAP'],
        }),
      ],
      'https://example.org',
    );
    expect(errorsOf(validEvent, JSON.parse(JSON.stringify(events)) as unknown[])).toEqual([]);
    expect(events[0].description).toBe('');
  });
});
