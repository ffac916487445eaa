// The agenda vote page of the built site: what a resident sees and sends, and what the database then holds.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newClients, rpcFrom, sql } from '../../supabase/tests/helpers';

const ITEMS = [
  'Adoption of the 2025-26 District Budget',
  'Local Control and Accountability Plan (LCAP)',
  'Every Student Reads Initiative Update',
  'Summer 2025 Facilities and Maintenance Projects',
  'Accessible Playground at Hoover Elementary',
];
const LABELS = ['Support', 'Oppose', 'Neutral / Unsure'];
const RPC = '**/rest/v1/rpc/submit_agenda_vote';
const TOTALS_RPC = '**/rest/v1/rpc/agenda_vote_totals';
const FIELDS = ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'] as const;
// The agenda items the Board votes on, and the words of the record's issue that name each.
const VOTED: [item: string, words: RegExp][] = [
  [ITEMS[0], /budget/i],
  [ITEMS[1], /LCAP/],
  [ITEMS[4], /playground/i],
];
const INFORMATION = 'An information item: the Board heard it and took no vote.';

/** The list of what stopped the vote, above the form. */
const errorSummary = (page: Page) => page.getByRole('region', { name: 'Your vote was not sent' });

/** Opens the page; its island wakes at the first touch, and a vote sent before it is awake is sent once it is. */
async function openForm(page: Page) {
  await page.goto('/votingPAUSD');
  await expect(page.getByRole('button', { name: 'Submit Vote' })).toBeEnabled();
}

/** Chooses a label for each of the given agenda items. */
async function choose(page: Page, choices: [item: string, label: string][]) {
  for (const [item, label] of choices)
    await page.getByRole('group', { name: item }).getByRole('radio', { name: label, exact: true }).check();
}

const allFive: [string, string][] = [
  [ITEMS[0], 'Support'],
  [ITEMS[1], 'Oppose'],
  [ITEMS[2], 'Neutral / Unsure'],
  [ITEMS[3], 'Support'],
  [ITEMS[4], 'Oppose'],
];

async function storedFor(column: 'email' | 'comments', value: string) {
  return sql<Record<string, string>>(
    `select budget, lcap, esri_update, summer_projects, hoover_playground, email, comments from public.agenda_votes where ${column} = $1`,
    [value],
  );
}

test('the page and the whole form are in the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/votingPAUSD');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vote on PAUSD Board Agenda — June 17th, 2025' }),
  ).toBeVisible();
  // The meeting is over: the opening says so, and that a preference can still be given.
  await expect(page.getByText(/you can still tell the Board your preference/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cast Your Vote' })).toBeVisible();
  await expect(page.getByText('Indicate your position on each agenda item below.')).toBeVisible();
  await expect(page.getByRole('group')).toHaveCount(5);
  for (const item of ITEMS) {
    const card = page.getByRole('group', { name: item });
    await expect(card).toBeVisible();
    await expect(card.getByRole('radio')).toHaveCount(3);
    for (const label of LABELS)
      await expect(card.getByRole('radio', { name: label, exact: true })).toHaveAttribute('required', '');
  }
  await expect(page.getByRole('group', { name: ITEMS[0] })).toContainText('2.30 percent cost-of-living adjustment');
  await expect(page.getByRole('group', { name: ITEMS[4] })).toContainText('$1.27 million contract');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveAttribute('rows', '4');
  await expect(page.locator('input[type="hidden"][name="meeting_date"]')).toHaveValue('2025-06-17');
  await expect(page.getByRole('button', { name: 'Submit Vote' })).toBeVisible();
  await context.close();
});

test('a missing choice cannot be sent and nothing is stored', async ({ page }) => {
  const email = `missing-${crypto.randomUUID()}@example.org`;
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/submit_agenda_vote')) sent.push(request.method());
  });
  await openForm(page);
  await choose(page, allFive.slice(0, 4));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Submit Vote' }).click();

  // The island stops the send and names the item beside it and in its error summary.
  const hoover = page.getByRole('group', { name: ITEMS[4] });
  await expect(hoover).toContainText(
    'Accessible Playground at Hoover Elementary needs a choice: Support, Oppose or Neutral / Unsure',
  );
  await expect(page.getByRole('heading', { name: 'Your vote was not sent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Vote' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toHaveCount(0);
  expect(sent.filter((method) => method === 'POST')).toEqual([]);
  expect(await storedFor('email', email)).toEqual([]);
});

test('one error system: no browser bubbles (novalidate), missing choices listed in the summary, one message per item', async ({
  page,
}) => {
  const email = `island-check-${crypto.randomUUID()}@example.org`;
  await openForm(page);
  expect(
    await page.getByRole('form', { name: 'Cast Your Vote' }).evaluate((form: HTMLFormElement) => form.noValidate),
  ).toBe(true);
  await choose(page, [allFive[1], allFive[3]]);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Submit Vote' }).click();

  const summary = page.getByRole('heading', { name: 'Your vote was not sent' });
  await expect(summary).toBeVisible();
  for (const item of [ITEMS[0], ITEMS[2], ITEMS[4]]) {
    await expect(
      page.getByRole('link', { name: `${item} needs a choice: Support, Oppose or Neutral / Unsure` }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: item })).toHaveAccessibleDescription(
      new RegExp(`${item.replace(/[()]/g, '\\$&')} needs a choice`),
    );
  }
  await expect(page.getByRole('link', { name: new RegExp(`^${ITEMS[1].replace(/[()]/g, '\\$&')}`) })).toHaveCount(0);
  await expect(errorSummary(page)).toBeFocused();
  expect(await storedFor('email', email)).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`at ${width} px, an address the browser refuses goes to the same summary, focused, and nothing is stored`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const comments = `Bad address ${crypto.randomUUID()}`;
    await openForm(page);
    await choose(page, allFive);
    await page.getByRole('textbox', { name: 'Email' }).fill('not an address');
    await page.getByRole('textbox', { name: 'Comments' }).fill(comments);
    await page.getByRole('button', { name: 'Submit Vote' }).click();
    const link = page.getByRole('link', { name: 'Email must be a valid address such as name@example.org' });
    await expect(link).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your vote was not sent' })).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    await expect(link).toHaveAttribute('href', '#vote-email');
    expect(await storedFor('comments', comments)).toEqual([]);
  });
}

test("on a phone an item's three choices stack, one under another", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openForm(page);
  const group = page.getByRole('group', { name: ITEMS[0] });
  const boxes = await Promise.all(
    LABELS.map((label) => group.getByRole('radio', { name: label, exact: true }).boundingBox()),
  );
  const [a, b, c] = boxes.map((box) => box!);
  expect(b.y).toBeGreaterThan(a.y + a.height / 2);
  expect(c.y).toBeGreaterThan(b.y + b.height / 2);
  expect(Math.abs(b.x - a.x)).toBeLessThan(2);
});

test('a full submission shows Sending… then the thank-you, and the vote is stored', async ({ page }) => {
  const email = `voter-${crypto.randomUUID()}@example.org`;
  const comments = `Please keep the libraries open. ${crypto.randomUUID()}`;
  // Hold the request until the sending state has been seen; it then goes to the real database unchanged.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(RPC, async (route) => {
    await released;
    await route.continue();
  });
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Comments' }).fill(comments);
  await page.getByRole('button', { name: 'Submit Vote' }).click();

  const sending = page.getByRole('button', { name: 'Sending…' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  const thanks = page.getByRole('heading', { name: 'Thank you for voting!' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(page.getByText('Your responses for the June 17 board meeting have been recorded.')).toBeVisible();
  // Where the answers go, and where the Board's own votes are.
  await expect(page.locator('.vote-thanks')).toContainText(
    'This site stores your answers and counts them per agenda item. The totals on this page grow in groups of answers from at least six residents, so nobody’s answers can be picked out: yours is counted with the next group. Your email address is never shown.',
  );
  await expect(page.getByRole('link', { name: 'See how the Board voted' })).toHaveAttribute('href', '/1?tab=voting');
  await expect(page.getByRole('button', { name: /Submit Vote|Sending…/ })).toHaveCount(0);
  await expect(page.getByRole('group')).toHaveCount(0);

  expect(await storedFor('email', email)).toEqual([
    {
      budget: 'support',
      lcap: 'oppose',
      esri_update: 'neutral',
      summer_projects: 'support',
      hoover_playground: 'oppose',
      email,
      comments,
    },
  ]);
});

test('a server-side email error shows Email … and keeps everything the resident typed', async ({ page }) => {
  // The browser accepts an address without a dot in its domain; the server does not.
  const email = `resident-${crypto.randomUUID().slice(0, 8)}@localhost`;
  const comments = `Server check ${crypto.randomUUID()}`;
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Comments' }).fill(comments);
  await page.getByRole('button', { name: 'Submit Vote' }).click();

  const emailBox = page.getByRole('textbox', { name: 'Email' });
  await expect(page.locator('#email-error')).toHaveText('Email must be a valid address such as name@example.org');
  await expect(emailBox).toHaveAccessibleDescription(/Email must be a valid address such as name@example\.org/);
  await expect(emailBox).toHaveAttribute('aria-invalid', 'true');
  await expect(errorSummary(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toHaveCount(0);
  // The form stays as it was typed.
  await expect(emailBox).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue(comments);
  for (const [item, label] of allFive)
    await expect(
      page.getByRole('group', { name: item }).getByRole('radio', { name: label, exact: true }),
    ).toBeChecked();
  await expect(page.getByRole('button', { name: 'Submit Vote' })).toBeEnabled();
  expect(await storedFor('comments', comments)).toEqual([]);
});

test('a lost answer is shown, keeps the form, and sending again stores the vote once', async ({ page }) => {
  const email = `retry-${crypto.randomUUID()}@example.org`;
  // The first request reaches the real database, but its answer never reaches the page (a dropped connection).
  let dropped = false;
  await page.route(RPC, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Submit Vote' }).click();

  await expect(errorSummary(page)).toContainText(
    'Your vote could not be sent: the connection to the server failed. Your answers are still here; please try again.',
  );
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(
    page.getByRole('group', { name: ITEMS[0] }).getByRole('radio', { name: 'Support', exact: true }),
  ).toBeChecked();
  expect(await storedFor('email', email)).toHaveLength(1);

  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
  expect(await storedFor('email', email)).toHaveLength(1);
});

test('an edited resend after a lost answer stores the new answers, never silently the old ones', async ({ page }) => {
  const email = `edit-${crypto.randomUUID()}@example.org`;
  // The first send reaches the real database, but its answer is lost on the way back.
  let dropped = false;
  await page.route(RPC, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(errorSummary(page)).toContainText('Your vote could not be sent');

  // The resident changes an answer and sends again: the form sends it as a new submission, which is stored.
  await choose(page, [[ITEMS[0], 'Oppose']]);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
  const stored = await storedFor('email', email);
  expect(stored.map((row) => row.budget).sort()).toEqual(['oppose', 'support']);
});

test('past the limit on votes from one connection, the form says so and keeps the answers', async ({ page }) => {
  // The limit is real (supabase/tests/anonymousLimits.test.ts) but lifted for this suite, whose every request comes
  // from one address: the database's answer past it is given in the browser.
  const message =
    'Too many forms sent from your connection in the last hour. Your answers are still here: please try again later.';
  await page.route(RPC, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, errors: {}, limited: true, form_errors: [{ code: 'limit.forms' }] }),
    }),
  );
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(errorSummary(page)).toContainText(message);
  await expect(
    page.getByRole('group', { name: ITEMS[1] }).getByRole('radio', { name: 'Oppose', exact: true }),
  ).toBeChecked();
});

test("a proxy's error page is not shown to the resident: a short message in plain words", async ({ page }) => {
  await page.route(RPC, (route) =>
    route.fulfill({
      status: 502,
      contentType: 'text/html',
      body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>',
    }),
  );
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(errorSummary(page)).toContainText(
    'Your vote could not be sent: the server could not take it just now. Your answers are still here; please try again.',
  );
  await expect(errorSummary(page)).not.toContainText('nginx');
});

test('an unexpected answer from the server is shown, never taken for success', async ({ page }) => {
  await page.route(RPC, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"maybe"}' }),
  );
  await openForm(page);
  await choose(page, allFive);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(errorSummary(page)).toContainText('Your vote could not be sent: the server gave an unexpected answer.');
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toHaveCount(0);
});

test('the comment box counts down to the limit the database keeps, and stops there', async ({ browser, page }) => {
  // Without JavaScript the box already holds no more than the database takes, and says how many characters are left.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto('/votingPAUSD');
  await expect(bare.getByRole('textbox', { name: 'Comments' })).toHaveAttribute('maxlength', '2000');
  await expect(bare.getByText('2,000 characters left')).toBeVisible();
  await context.close();

  await openForm(page);
  const comments = page.getByRole('textbox', { name: 'Comments' });
  await comments.fill('a'.repeat(1990));
  const left = page.locator('#vote-comments-left');
  await expect(left).toHaveText('10 characters left');
  await expect(left).toHaveAttribute('aria-live', 'polite');
  await comments.pressSequentially('b'.repeat(9));
  await expect(left).toHaveText('1 character left');
  await comments.pressSequentially('c'.repeat(5));
  await expect(left).toHaveText('0 characters left');
  await expect(comments).toHaveValue('a'.repeat(1990) + 'b'.repeat(9) + 'c');
});

test('the vote page has no axe violations, with or without errors shown', async ({ page }) => {
  await openForm(page);
  const scan = () =>
    new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect((await scan()).violations).toEqual([]);
  await page.getByRole('form', { name: 'Cast Your Vote' }).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByRole('textbox', { name: 'Email' }).fill('x@localhost');
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(page.getByRole('heading', { name: 'Your vote was not sent' })).toBeVisible();
  expect((await scan()).violations).toEqual([]);
});

/** The Board's records of 17 June 2025 in district 1, as the database holds them. */
async function boardRecords() {
  return sql<{ id: number; issue: string; outcome: string; votes: { name: string; vote: string }[] }>(
    `select id, issue, outcome, votes from public.votings where "districtId" = 1 and "voteDate" = '2025-06-17' order by id`,
  );
}

/** The time zone the residents' totals tests read the page in: the page words the time in the reader's own. */
const READER_ZONE = 'America/Los_Angeles';
/** When the totals last changed, as an English page in READER_ZONE writes it ('Nov 25, 2026, 7:04 AM'). */
const updatedInReaderZone = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: READER_ZONE,
});

/**
 * What agenda_vote_totals answers now, as a line per item ('Support 3, Oppose 1, Neutral / Unsure 2 (6 residents
 * answered; last updated Nov 25, 2026, 7:04 AM).'), the time in READER_ZONE.
 */
async function totalsNow() {
  const rows = await sql<{
    item: string;
    support: number;
    oppose: number;
    neutral: number;
    answers: number;
    updated_at: Date;
  }>('select * from public.agenda_vote_totals()');
  return rows.map(
    (row) =>
      `Support ${row.support}, Oppose ${row.oppose}, Neutral / Unsure ${row.neutral} (${row.answers} residents answered; last updated ${updatedInReaderZone.format(row.updated_at)}).`,
  );
}

/**
 * Six answers through the real function, each from an address of its own (six residents, as the database tells
 * senders apart), which publishes a batch of totals whatever else is stored.
 */
async function publishABatch() {
  for (const [n, from] of newClients(6).entries()) {
    const submission = {
      idempotency_key: crypto.randomUUID(),
      meeting_date: '2025-06-17',
      ...Object.fromEntries(FIELDS.map((field, i) => [field, ['support', 'oppose', 'neutral'][(n + i) % 3]])),
      email: null,
      comments: null,
    };
    expect((await rpcFrom(from, 'submit_agenda_vote', submission)).body).toEqual({
      ok: true,
      errors: {},
      form_errors: [],
    });
  }
}

test('after the meeting, each item shows how the Board voted, in the HTML before any script runs', async ({
  browser,
}) => {
  const records = await boardRecords();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/votingPAUSD');
  // Beside how the Board voted, the page no longer asks for a preference "before the Board votes".
  await expect(page.getByText('The Board voted on these items at its 17 June 2025 meeting.')).toBeVisible();
  await expect(page.getByText(/before the Board votes/i)).toHaveCount(0);
  for (const [item, words] of VOTED) {
    const record = records.find((candidate) => words.test(candidate.issue));
    expect(record, `a Board record of 17 June 2025 names ${item}`).toBeTruthy();
    const card = page.getByRole('group', { name: item });
    await expect(card).toContainText(`How the Board voted on 17 June: ${record!.outcome}.`);
    // Each member's vote, under the word they voted.
    for (const { name, vote } of record!.votes) await expect(card).toContainText(new RegExp(`${vote}: [^;]*${name}`));
    await expect(card.getByRole('link', { name: record!.outcome })).toHaveAttribute(
      'href',
      `/1?tab=voting#vote-${record!.id}`,
    );
  }
  for (const item of [ITEMS[2], ITEMS[3]])
    await expect(page.getByRole('group', { name: item })).toContainText(
      `How the Board voted on 17 June: ${INFORMATION}`,
    );
  // The totals are live: without script the page says what it needs instead of a count that never comes.
  await expect(page.getByText('Residents’ answers:')).toHaveCount(0);
  await context.close();
});

test.describe('read in the reader’s time zone', () => {
  test.use({ timezoneId: READER_ZONE });

  test("the residents' totals beside each item equal the database's count of the published answers, with when they last changed", async ({
    page,
  }) => {
    await publishABatch();
    await checkTotalsShown(page);
  });
});

/** Reloads the page until every card shows the totals the database answers at that moment. */
async function checkTotalsShown(page: Page) {
  // Other tests store answers meanwhile: reload until the page and the database agree on one moment.
  await expect(async () => {
    await page.goto('/votingPAUSD');
    const cards = ITEMS.map((item) => page.getByRole('group', { name: item }));
    await expect(cards[0]).toContainText('Residents’ answers: Support', { timeout: 5_000 });
    const expected = await totalsNow();
    expect(expected).toHaveLength(5);
    for (const [index, card] of cards.entries())
      await expect(card).toContainText(`Residents’ answers: ${expected[index]}`, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test("the residents' totals load without holding up the form, and say so in plain words while they come", async ({
  page,
}) => {
  await publishABatch();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(TOTALS_RPC, async (route) => {
    await released;
    await route.continue();
  });
  await openForm(page);
  const budget = page.getByRole('group', { name: ITEMS[0] });
  await expect(budget).toContainText('Residents’ answers: Counting residents’ answers…');
  // The form works while the count is on its way.
  await choose(page, [allFive[0]]);
  await expect(budget.getByRole('radio', { name: 'Support', exact: true })).toBeChecked();
  release();
  await expect(budget).toContainText(/Residents’ answers: Support \d+, Oppose \d+, Neutral \/ Unsure \d+/);
});

test('before the first batch of answers the page says when totals appear, never a count', async ({ page }) => {
  // What the function answers before a batch is published: no row (supabase/tests/agendaVoteTotals.test.ts).
  await page.route(TOTALS_RPC, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await openForm(page);
  for (const item of ITEMS) {
    await expect(page.getByRole('group', { name: item })).toContainText(
      'Residents’ answers: Residents’ totals appear here once at least six residents have answered: answers are counted in groups of six or more, so nobody’s answers can be picked out.',
    );
  }
  await expect(page.getByText(/Support \d+/)).toHaveCount(0);
});

test('totals that cannot be loaded are said in plain words, and the form still sends', async ({ page }) => {
  await page.route(TOTALS_RPC, (route) => route.abort('connectionreset'));
  await openForm(page);
  await expect(page.getByRole('group', { name: ITEMS[1] })).toContainText(
    'Residents’ totals could not be loaded: the connection to the server failed. Check your connection and reload the page.',
  );
  await choose(page, allFive);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
});
