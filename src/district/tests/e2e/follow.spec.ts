// Following a board: each member's page, who votes together, the feeds and open data, all compared with what the
// database holds, and read with the parsers a reader's software uses (rss-parser, ical.js, csv-parse, JSON.parse).
import { expect, test, type Page } from '@playwright/test';
import Parser from 'rss-parser';
import ICAL from 'ical.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from '../../../../supabase/tests/helpers';
import { parseVotes } from '../../../lib/data/votings';
import { zonedStart } from '../../../lib/officialRecords';
import { meetingEventsPath } from '../../follow/openData';

interface Vote {
  id: number;
  type: string;
  issue: string | null;
  votes: { name: string; vote: string }[];
}

/** District 1's vote records as the database holds them, with each record's votes read by the rule (an array, or a JSON string holding one). */
async function districtVotes(): Promise<Vote[]> {
  const rows = await sql<{ id: number; type: string; issue: string | null; votes: unknown }>(
    'select id::int, type, issue, votes from public.votings where "districtId" = 1 order by id',
  );
  return rows.map((row) => ({ ...row, votes: parseVotes(row.votes).votes }));
}

/** A vote that says the member took part (the documented rule: not blank, '-', absent, excused or recused). */
const cast = (vote: string | undefined) => {
  const word = vote?.trim().toLowerCase() ?? '';
  return word && word !== '-' && !['absent', 'excused', 'recused'].includes(word) ? word : null;
};

async function openVoting(page: Page) {
  await page.goto('/1?tab=voting');
  await expect(page.getByRole('heading', { name: 'Current Board Votes' })).toBeVisible();
}

test("each member's column header leads to their page, whose votes are the database's, the minority ones first", async ({
  page,
}) => {
  test.slow(); // one page per board member
  const records = await districtVotes();
  const names = [...new Set(records.flatMap((r) => r.votes.map((v) => v.name.trim())))];
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    await openVoting(page);
    await page
      .getByRole('table', { name: 'Current Board Votes' })
      .getByRole('link', { name: `Every vote of ${name}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // Every record of each table that has a column for them (a table's columns: the members its records name); a
    // record that does not name them is their '-' in that table, so it is on their page as 'No vote recorded'.
    const tables = new Set(records.filter((r) => r.votes.some((v) => v.name.trim() === name)).map((r) => r.type));
    const theirs = records.filter((r) => tables.has(r.type));
    const rows = page.locator('main table tbody tr');
    await expect(rows).toHaveCount(theirs.length);
    // Every row's issue and vote, as the database has them (no vote recorded for a '-' or a record without them).
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent?.trim(), tr.querySelectorAll('td')[3]?.textContent?.trim()]),
    );
    const expected = theirs.map((r) => {
      const vote = r.votes.find((v) => v.name.trim() === name)?.vote.trim() ?? '';
      return [r.issue ?? 'Untitled vote', vote && vote !== '-' ? vote : 'No vote recorded'];
    });
    expect([...shown].sort()).toEqual([...expected].sort());
    // The counts add up to the votes listed.
    const counts = await page.locator('.member-counts dd').allTextContents();
    expect(counts.slice(0, 4).reduce((sum, n) => sum + Number(n), 0)).toBe(theirs.length);
    // The minority section comes first and holds as many rows as its count says.
    const minority = Number(counts[4]);
    await expect(page.getByRole('heading', { level: 2 }).nth(1)).toHaveText(`Votes in the minority (${minority})`);
  }
});

test("who votes together: each pair's percentage and count equal the database's", async ({ page }) => {
  const records = await districtVotes();
  await openVoting(page);
  const table = page.getByRole('table', { name: 'Who votes together' });
  await expect(table).toBeVisible();
  const members = await table.locator('thead th').allTextContents();
  expect(members.length).toBeGreaterThan(2);
  for (const [row, a] of members.entries()) {
    const cells = await table.locator('tbody tr').nth(row).locator('td').allTextContents();
    for (const [col, b] of members.entries()) {
      if (a === b) continue;
      let shared = 0;
      let same = 0;
      for (const record of records) {
        const va = cast(record.votes.find((v) => v.name.trim() === a)?.vote);
        const vb = cast(record.votes.find((v) => v.name.trim() === b)?.vote);
        if (!va || !vb) continue;
        shared += 1;
        if (va === vb) same += 1;
      }
      const text = cells[col].replace(/\s+/g, ' ').trim();
      if (shared === 0) expect(text).toBe('No shared votes');
      else {
        expect(text).toMatch(new RegExp(`^\\d+% of ${shared} votes?$`));
        const percent = Number(text.split('%')[0]);
        expect(Math.abs(percent - (100 * same) / shared)).toBeLessThan(1);
      }
    }
  }
  // The same numbers as a picture, which screen readers skip for the table.
  await expect(page.locator('svg.agreement-heatmap, .agreement-heatmap svg').first()).toHaveAttribute(
    'aria-hidden',
    'true',
  );
});

test("at 375 px 'Who votes together' reads without sideways scrolling: each member a card of the others' percentages", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openVoting(page);
  const region = page.getByRole('region', { name: 'Who votes together' });
  await region.scrollIntoViewIfNeeded();
  const table = region.getByRole('table', { name: 'Who votes together' });
  const first = table.getByRole('row').nth(1);
  const name = (await first.getByRole('rowheader').textContent())!.trim();
  const other = (await table.getByRole('row').nth(2).getByRole('rowheader').textContent())!.trim();
  // The member's card names each other member (the cell's label, drawn before it) beside the pair's percentage.
  await expect(first.locator(`td[data-label="${other}"]`)).toContainText(/\d+% of \d+ votes?|No shared votes/);
  expect(name).not.toBe(other);
  for (const box of [await region.boundingBox(), await first.boundingBox()])
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("the district page advertises its feeds in its head, and 'Follow this board' links them with the email box", async ({
  page,
}) => {
  await page.goto('/1');
  expect(await page.locator('head link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe(
    '/1/summaries.xml',
  );
  expect(await page.locator('head link[rel="alternate"][type="text/calendar"]').getAttribute('href')).toBe(
    '/1/meetings.ics',
  );
  const follow = page.getByRole('region', { name: 'Follow this board' });
  await follow.getByRole('link', { name: 'Summaries by email' }).click();
  await expect(page).toHaveURL(/#subscribe-heading$/);
  await expect(
    page.getByRole('region', { name: 'Get Summaries In Your Email' }).getByRole('textbox', { name: 'Email' }),
  ).toBeVisible();
});

test('the summaries feed is RSS a reader parses, newest first, one item per summary in the database', async ({
  page,
  request,
}) => {
  await page.goto('/1');
  const href = await page
    .getByRole('region', { name: 'Follow this board' })
    .getByRole('link', { name: /Meeting summaries \(RSS feed\)/ })
    .getAttribute('href');
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  const feed = await new Parser().parseString(await response.text());
  const meetings = await sql<{ date: string }>(
    `select to_char(date, 'YYYY-MM-DD') as date from public.meetings where "districtId" = 1 and coalesce(trim(summary), '') <> '' order by date desc, id`,
  );
  expect(feed.title).toBe('Palo Alto Unified School District: board meeting summaries');
  expect(feed.items).toHaveLength(meetings.length);
  expect(feed.items.map((item) => item.title?.slice(-10))).toEqual(meetings.map((m) => m.date));
  for (const item of feed.items) expect(item.link).toMatch(/\/1\?tab=Meetings(#meeting-\d\d-\d\d-\d\d)?$/);
});

test('the meetings calendar is iCalendar (text/calendar) that ical.js reads: one event per meeting, a stable UID each', async ({
  page,
  request,
}) => {
  await page.goto('/1');
  const href = await page
    .getByRole('region', { name: 'Follow this board' })
    .getByRole('link', { name: /Board meetings \(iCalendar\)/ })
    .getAttribute('href');
  const response = await request.get(href!);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Los_Angeles');
  const events = calendar.getAllSubcomponents('vevent');
  const meetings = await sql<{
    id: number;
    date: string;
    sequence: number;
    start_time: string | null;
    time_zone: string | null;
  }>(
    `select id::int, to_char(date, 'YYYY-MM-DD') as date, sequence, to_char(start_time, 'HH24:MI') as start_time, time_zone from public.meetings where "districtId" = 1`,
  );
  expect(meetings.filter((m) => m.start_time).length).toBeGreaterThan(0);
  expect(events).toHaveLength(meetings.length);
  const uids = events.map((event) => String(event.getFirstPropertyValue('uid')));
  expect(new Set(uids).size).toBe(meetings.length);
  for (const meeting of meetings) {
    const event = events.find((e) =>
      String(e.getFirstPropertyValue('uid')).startsWith(`meeting-${meeting.id}.district-1@`),
    )!;
    expect(event).toBeTruthy();
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    // A meeting with a start time is a timed event at that moment in its district's zone; one without is the day.
    if (meeting.start_time)
      expect(start.toJSDate().toISOString()).toBe(
        zonedStart(meeting.date, meeting.start_time, meeting.time_zone!)!.instant.toISOString(),
      );
    else expect(start.toString()).toBe(meeting.date);
    expect(Number(event.getFirstPropertyValue('sequence'))).toBe(meeting.sequence);
    expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(String(event.getFirstPropertyValue('url'))).toMatch(/\/1\?tab=Meetings/);
  }
});

test('every vote as CSV, one row per member vote, safe for spreadsheets; and as Open Civic Data VoteEvents', async ({
  page,
  request,
}) => {
  const records = await districtVotes();
  await openVoting(page);
  const panel = page.getByRole('tabpanel', { name: 'Voting' });
  const csvHref = await panel.getByRole('link', { name: 'CSV' }).getAttribute('href');
  const rows: Record<string, string>[] = parseCsv(await (await request.get(csvHref!)).text(), { columns: true });
  expect(rows).toHaveLength(records.reduce((sum, r) => sum + r.votes.length, 0));
  expect(Object.keys(rows[0]).slice(0, 6)).toEqual(['date', 'category', 'issue', 'outcome', 'member', 'vote']);
  for (const row of rows) expect(row.issue).not.toMatch(/^[=+\-@\t\r]/);

  const jsonHref = await panel.getByRole('link', { name: 'JSON (Open Civic Data)' }).getAttribute('href');
  const events = JSON.parse(await (await request.get(jsonHref!)).text());
  expect(events).toHaveLength(records.length);
  for (const event of events) {
    const record = records.find((r) => `vote-${r.id}` === event.identifier)!;
    expect(record).toBeTruthy();
    expect(event.motion_text).toBe(record.issue);
    expect(['pass', 'fail']).toContain(event.result);
    expect(event.votes.map((v: { voter_name: string }) => v.voter_name).sort()).toEqual(
      record.votes.map((v) => v.name.trim()).sort(),
    );
    const total = event.counts.reduce((sum: number, c: { value: number }) => sum + c.value, 0);
    expect(total).toBe(record.votes.length);
    expect(event.sources[0].url).toMatch(/\/1\?tab=Voting/);
  }
});

test("the district page describes each meeting as a schema.org Event, organised by the district's GovernmentOrganization", async ({
  page,
}) => {
  await page.goto('/1');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  const [webPage, ...events] = data['@graph'];
  const [{ count }] = await sql<{ count: number }>(
    'select count(*)::int as count from public.meetings where "districtId" = 1',
  );
  expect(data['@context']).toBe('https://schema.org');
  // The page itself, in its language; the meetings in the record's.
  expect(webPage).toMatchObject({ '@type': 'WebPage', name: 'Palo Alto Unified School District', inLanguage: 'en' });
  expect(events).toHaveLength(count);
  for (const event of events) {
    expect(event['@type']).toBe('Event');
    expect(event.eventStatus).toMatch(/^https:\/\/schema\.org\/Event/);
    expect(event.organizer['@type']).toBe('GovernmentOrganization');
    expect(event.organizer.name).toBe('Palo Alto Unified School District');
    expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(event.inLanguage).toBe('en');
  }
});

test('the Topics tab shows how often each topic came up as a picture and as a table with the same numbers', async ({
  page,
}) => {
  await page.goto('/1?tab=topics');
  const panel = page.getByRole('tabpanel', { name: 'Topics' });
  const table = panel.getByRole('table', { name: /^Meetings per month listing each topic/ });
  await expect(table).toBeVisible();
  // The topic, the twelve months of the school year, and the total.
  await expect(table.getByRole('columnheader')).toHaveCount(14);
  await expect(panel.locator('svg[aria-hidden="true"]').last()).toBeVisible();
});

test('every meeting as Open Civic Data Events at /1/meetings.json, with its start, its official records and the card as sources', async ({
  request,
}) => {
  const response = await request.get(meetingEventsPath(1));
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const events = JSON.parse(await response.text());
  const meetings = await sql<{ id: number; date: string; minutes_url: string | null; minutes_status: string | null }>(
    `select id::int, to_char(date, 'YYYY-MM-DD') as date, minutes_url, minutes_status from public.meetings where "districtId" = 1 order by date desc, id`,
  );
  expect(events.map((event: { extras: { record_id: number } }) => event.extras.record_id)).toEqual(
    meetings.map((m) => m.id),
  );
  for (const [at, event] of events.entries()) {
    expect(event.start_date.slice(0, 10)).toBe(meetings[at].date);
    expect(event.sources[0].url).toMatch(/\/1\?tab=Meetings/);
    if (meetings[at].minutes_url)
      expect(event.documents).toContainEqual({
        note: meetings[at].minutes_status === 'approved' ? 'Minutes (approved)' : 'Minutes (draft)',
        links: [{ url: meetings[at].minutes_url, media_type: '' }],
      });
  }
});
