// The scale fixtures tell a true story: the same seed gives the same districts, boards meet on Tuesdays with July off,
// the upcoming meeting is after the day they are loaded, members sometimes dissent or are absent, and every outcome
// agrees with its votes.
import { describe, expect, it } from 'vitest';
import { districtRows, nextTuesdayAfter, nthTuesday } from '../../scripts/lib/scaleFixtures.mjs';
import { outcomeProblem, voteCounts } from '../../src/lib/record/outcomes';

interface Rows {
  meetings: { date: string; isUpcoming: boolean; meeting_type: string }[];
  votings: { voteDate: string; outcome: string; votes: { name: string; vote: string }[] }[];
}

const LOADED = new Date('2026-11-25T10:00:00Z');
const districts: Rows[] = Array.from({ length: 300 }, (_, n) => districtRows(n + 1, 1, LOADED));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('the calendar helpers', () => {
  it.each([
    [2024, 8, 2, '2024-08-13'],
    [2024, 12, 2, '2024-12-10'],
    [2025, 6, 4, '2025-06-24'],
    [2025, 4, 1, '2025-04-01'],
  ])('the Tuesday of %i-%i number %i is %s', (year, month, n, date) => {
    expect(nthTuesday(year, month, n)).toBe(date);
  });

  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-24'],
    ['2026-11-24T12:00:00Z', '2026-12-01'],
    ['2026-11-25T23:59:00Z', '2026-12-01'],
    ['2026-11-30T00:00:00Z', '2026-12-01'],
  ])('the first Tuesday after %s is %s', (day, tuesday) => {
    expect(nextTuesdayAfter(new Date(day))).toBe(tuesday);
  });
});

describe('the scale fixtures', () => {
  it('are the same for the same seed and load day, and differ for another seed', () => {
    expect(districtRows(7, 1, LOADED)).toEqual(districtRows(7, 1, LOADED));
    expect(districtRows(7, 2, LOADED)).not.toEqual(districtRows(7, 1, LOADED));
  });

  it('hold twelve meetings a district: eleven of the school year on Tuesdays, none in July, and one upcoming after the load day', () => {
    for (const { meetings } of districts) {
      expect(meetings).toHaveLength(12);
      const past = meetings.filter((meeting) => !meeting.isUpcoming);
      expect(past).toHaveLength(11);
      for (const meeting of meetings) expect(weekday(meeting.date)).toBe(2);
      expect(past.filter((meeting) => meeting.date.slice(5, 7) === '07')).toEqual([]);
      expect(new Set(past.map((meeting) => meeting.date.slice(0, 7))).size).toBe(11);
      const [upcoming] = meetings.filter((meeting) => meeting.isUpcoming);
      expect(upcoming.meeting_type).toBe('upcoming');
      expect(upcoming.date > '2026-11-25').toBe(true);
      expect(upcoming.date <= '2026-12-15').toBe(true);
    }
  });

  it('take every vote at one of the district’s meetings', () => {
    for (const { meetings, votings } of districts) {
      const days = new Set(meetings.filter((meeting) => !meeting.isUpcoming).map((meeting) => meeting.date));
      for (const voting of votings) expect(days.has(voting.voteDate)).toBe(true);
    }
  });

  it('give every vote an outcome that agrees with it', () => {
    const problems = districts.flatMap(({ votings }) =>
      votings.flatMap((voting) => outcomeProblem(voting.outcome, voting.votes) ?? []),
    );
    expect(problems).toEqual([]);
  });

  it('have members who sometimes dissent, abstain or are absent, items that fail and items tabled', () => {
    const votings = districts.flatMap((district) => district.votings);
    const counted = votings.map((voting) => ({
      ...voteCounts(voting.votes),
      left: 5 - voting.votes.length,
      outcome: voting.outcome,
    }));
    expect(counted.filter((c) => c.no > 0).length).toBeGreaterThan(votings.length / 10);
    expect(counted.filter((c) => c.other > 0).length).toBeGreaterThan(0);
    expect(counted.filter((c) => c.none > 0).length).toBeGreaterThan(0);
    expect(counted.filter((c) => c.left > 0 && c.outcome !== 'Tabled').length).toBeGreaterThan(0);
    expect(counted.filter((c) => c.outcome.startsWith('Failed')).length).toBeGreaterThan(0);
    expect(counted.filter((c) => c.outcome === 'Tabled').length).toBeGreaterThan(0);
    // Mostly the board agrees, as school boards do.
    expect(
      counted.filter((c) => c.outcome.startsWith('Passed') || c.outcome.startsWith('Approved')).length,
    ).toBeGreaterThan(votings.length * 0.8);
  });
});

describe('the scale fixtures over several school years', () => {
  const five = Array.from({ length: 50 }, (_, n) => ({
    one: districtRows(n + 1, 1, LOADED) as Rows,
    five: districtRows(n + 1, 1, LOADED, 5) as Rows,
  }));

  it('keep the first year as it is with one year, and add four earlier years of twelve meetings and fifteen votes', () => {
    for (const { one, five: all } of five) {
      expect(all.meetings.slice(0, 12)).toEqual(one.meetings);
      expect(all.votings.slice(0, 15)).toEqual(one.votings);
      expect(all.meetings).toHaveLength(60);
      expect(all.votings).toHaveLength(75);
    }
  });

  it('hold the earlier years from August 2020 to June 2024, on Tuesdays, none in July, on different days', () => {
    for (const { five: all } of five) {
      const earlier = all.meetings.slice(12);
      for (const meeting of earlier) {
        expect(weekday(meeting.date)).toBe(2);
        expect(meeting.date.slice(5, 7)).not.toBe('07');
        expect(meeting.date >= '2020-08-01' && meeting.date <= '2024-06-30').toBe(true);
      }
      expect(new Set(all.meetings.map((meeting) => meeting.date)).size).toBe(60);
    }
  });

  it('take every earlier vote at one of the district’s meetings, with an outcome that agrees with it', () => {
    for (const { five: all } of five) {
      const days = new Set(all.meetings.filter((meeting) => !meeting.isUpcoming).map((meeting) => meeting.date));
      for (const voting of all.votings) expect(days.has(voting.voteDate)).toBe(true);
      expect(all.votings.flatMap((voting) => outcomeProblem(voting.outcome, voting.votes) ?? [])).toEqual([]);
    }
  });
});
