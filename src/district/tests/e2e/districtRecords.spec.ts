// What a parent needs to trust the record, on the built demo site: a meeting card's links to its official agenda,
// minutes and full video and the line naming its summary's source; the district's 'Records from … to …, last
// updated …'; and a district with no records yet, which says so on its page and in the district search, with the
// subscribe box offering to tell the reader when it is covered. Every expectation is read from the database.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { suggestionList } from '../../../../tests/e2e/siteHelpers';
import { formatDate } from '../../../i18n/dates';

/** Palos Verdes Peninsula Unified: a demo district with no meeting and no vote. */
const EMPTY_ID = 4;

interface MeetingSources {
  date: string;
  agenda_url: string | null;
  minutes_url: string | null;
  minutes_status: string | null;
  full_video_url: string | null;
  summary_source: string | null;
}

/** District 1's meeting of a day, as the database holds its official records. */
async function meetingOf(date: string): Promise<MeetingSources> {
  const [row] = await sql<MeetingSources>(
    `select date::text, agenda_url, minutes_url, minutes_status, full_video_url, summary_source from public.meetings where "districtId" = 1 and date = $1`,
    [date],
  );
  return row;
}

const card = (page: Page, anchor: string) => page.locator(`#${anchor}`);
/** A card's links to official records: named by their words, then (for screen readers) the meeting. */
const recordLinks = (meeting: ReturnType<typeof card>) =>
  meeting.getByRole('link', { name: /^(Agenda|Minutes|Watch the full meeting)\b/ });

test('a meeting with an agenda, approved minutes, the full video and an AI summary links each, and names the source above the summary', async ({
  page,
}) => {
  const meeting = await meetingOf('2025-06-17');
  expect(meeting).toMatchObject({ minutes_status: 'approved', summary_source: 'ai_video' });
  await page.goto('/1');
  const june17 = card(page, 'meeting-06-17-25');
  const title = await june17.getByRole('heading', { level: 3 }).textContent();
  const links = recordLinks(june17);
  await expect(links).toHaveText(
    ['Agenda', 'Minutes (approved)', 'Watch the full meeting'].map((label) => `${label} ${title}, 06/17/25`),
  );
  await expect(june17.getByRole('link', { name: `Agenda ${title}, 06/17/25`, exact: true })).toHaveAttribute(
    'href',
    meeting.agenda_url!,
  );
  await expect(
    june17.getByRole('link', { name: `Minutes (approved) ${title}, 06/17/25`, exact: true }),
  ).toHaveAttribute('href', meeting.minutes_url!);
  await expect(
    june17.getByRole('link', { name: `Watch the full meeting ${title}, 06/17/25`, exact: true }),
  ).toHaveAttribute('href', meeting.full_video_url!);

  const source = june17.getByText('Summary drafted with AI from the meeting video', { exact: true });
  await expect(source).toBeHidden();
  await june17.getByRole('button', { name: /^Expand / }).click();
  await expect(source).toBeVisible();
});

test('draft minutes are marked draft, a summary written by staff says so, and no full-video link is made up', async ({
  page,
}) => {
  const meeting = await meetingOf('2025-06-03');
  expect(meeting).toMatchObject({ minutes_status: 'draft', summary_source: 'staff', full_video_url: null });
  await page.goto('/1');
  const june3 = card(page, 'meeting-06-03-25');
  await expect(recordLinks(june3)).toHaveText([/^Agenda /, /^Minutes \(draft\) /]);
  await june3.getByRole('button', { name: /^Expand / }).click();
  await expect(june3.getByText('Summary written by staff', { exact: true })).toBeVisible();
});

test('a meeting with none of them shows no record links and no source line', async ({ page }) => {
  const meeting = await meetingOf('2024-09-10');
  expect([meeting.agenda_url, meeting.minutes_url, meeting.full_video_url, meeting.summary_source]).toEqual([
    null,
    null,
    null,
    null,
  ]);
  await page.goto('/1');
  const september = card(page, 'meeting-09-10-24');
  await september.getByRole('button', { name: /^Expand / }).click();
  await expect(september.getByText('Public comment on this item ran long')).toBeVisible();
  await expect(recordLinks(september)).toHaveCount(0);
  await expect(september.getByText(/^Summary (drafted|written|taken)/)).toHaveCount(0);
});

test("the district says how much of its record the site holds: 'Records from … to …, last updated …'", async ({
  page,
}) => {
  const [span] = await sql<{ first: string; last: string; updated: string }>(
    `select least((select min(date) from public.meetings where "districtId" = 1), (select min("voteDate") from public.votings where "districtId" = 1))::text as first,
            greatest((select max(date) from public.meetings where "districtId" = 1), (select max("voteDate") from public.votings where "districtId" = 1))::text as last,
            (select to_char(records_updated_at at time zone 'UTC', 'YYYY-MM-DD') from public.districts where id = 1) as updated`,
  );
  const long = (date: string) => formatDate('en', date, 'long');
  await page.goto('/1');
  await expect(
    page.getByText(`Records from ${long(span.first)} to ${long(span.last)}, last updated ${long(span.updated)}`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByText(/^No records yet/)).toHaveCount(0);
});

test('a district with no records yet says so, and its subscribe box offers to tell the reader when it is covered', async ({
  page,
}) => {
  const [counts] = await sql<{ meetings: number; votes: number }>(
    'select (select count(*) from public.meetings where "districtId" = $1)::int as meetings, (select count(*) from public.votings where "districtId" = $1)::int as votes',
    [EMPTY_ID],
  );
  expect(counts).toEqual({ meetings: 0, votes: 0 });
  await page.goto(`/${EMPTY_ID}`);
  await expect(
    page.getByText('No records yet: this board’s meetings and votes have not been added to the site.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^Records (from|of) /)).toHaveCount(0);
  const box = page.getByRole('region', { name: 'Tell Me When This Board Is Covered' });
  await expect(
    box.getByText('Leave your email and we will write when this board’s first meeting summaries are added.'),
  ).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Get Summaries In Your Email' })).toHaveCount(0);
});

test('the district search marks a district with no records yet, and only that one', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('combobox', { name: 'District name' }).fill('palo');
  const options = suggestionList(page).getByRole('option');
  await expect(options.filter({ hasText: 'Palos Verdes Peninsula Unified School District' })).toHaveText(
    'Palos Verdes Peninsula Unified School District (CA, Los Angeles) · No records yet',
  );
  await expect(options.filter({ hasText: 'Palo Alto Unified School District' })).toHaveText(
    'Palo Alto Unified School District (CA, Santa Clara)',
  );
});
