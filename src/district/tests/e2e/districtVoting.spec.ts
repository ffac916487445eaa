// The Voting tab of district 1: two tables with the columns Date, Category, Issue, Outcome and one per member, '-' for a missing vote, Yes/No marked
// beyond colour, M/D/YY dates, two-line outcomes, and sorting by any header (aria-sort, arrow, toggling).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { holdIsland, islandAsleep, islandHydrated } from '../../../../tests/e2e/siteHelpers';

const MEMBERS = ['Maria Okafor', 'James Lindqvist', 'Priya Raman', 'Daniel Whitfield', 'Sofia Delgado-Reyes'];

// The tables' island loads on the first interaction (client:demand); until then the board script marks a sort at
// once, and the island sorts the rows when it wakes. The tests act as a visitor does, without waiting for it.
async function openVoting(page: Page) {
  await page.goto('/1?tab=voting');
}
const table = (page: Page, name: string) => page.getByRole('table', { name });
const header = (t: Locator, name: string) => t.getByRole('columnheader', { name, exact: true });
const column = (t: Locator, index: number) => t.locator(`tbody tr td:nth-child(${index + 1})`);

test("the tab shows 'Current Board Votes' and 'Past Board Votes' with the sorting hint", async ({ page }) => {
  await openVoting(page);
  const panel = page.getByRole('tabpanel', { name: 'Voting' });
  await expect(panel.getByText('Click any column header to sort by that column.')).toBeVisible();
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText([
    'Current Board Votes',
    'Past Board Votes',
    'Who votes together',
  ]);
  await expect(table(page, 'Current Board Votes').locator('tbody tr')).toHaveCount(13);
  await expect(table(page, 'Past Board Votes').locator('tbody tr')).toHaveCount(15);
});

for (const name of ['Current Board Votes', 'Past Board Votes']) {
  test(`${name}: Date, Category, Issue (Brief Description), Outcome, then one column per board member`, async ({
    page,
  }) => {
    await openVoting(page);
    await expect(table(page, name).getByRole('columnheader')).toHaveText([
      'Date',
      'Category',
      'Issue (Brief Description)',
      'Outcome',
      ...MEMBERS,
    ]);
  });
}

test('the widths: the issue widest, then the category; date and outcome narrow', async ({ page }) => {
  await openVoting(page);
  const t = table(page, 'Current Board Votes');
  const width = async (name: string) => (await header(t, name).boundingBox())!.width;
  const total = (await t.boundingBox())!.width;
  const [date, category, issue, outcome] = await Promise.all(
    ['Date', 'Category', 'Issue (Brief Description)', 'Outcome'].map(width),
  );
  const members = await Promise.all(MEMBERS.map(width));
  expect(issue).toBeGreaterThan(category);
  for (const w of [date, outcome, ...members]) expect(w).toBeLessThan(category);
  expect(date / total).toBeLessThan(0.1);
  expect(outcome / total).toBeLessThan(0.1);
});

test('rows open sorted by date, newest first, with dates as M/D/YY', async ({ page }) => {
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  await expect(header(current, 'Date')).toHaveAttribute('aria-sort', 'descending');
  await expect(column(current, 0)).toHaveText([
    '6/17/25',
    '6/17/25',
    '6/17/25',
    '6/17/25',
    '5/27/25',
    '5/13/25',
    '5/13/25',
    '3/11/25',
    '3/11/25',
    '3/11/25',
    '2/11/25',
    '1/28/25',
    '1/14/25',
  ]);
  await expect(column(table(page, 'Past Board Votes'), 0).last()).toHaveText('6/18/24');
});

test("a member without a vote in a record shows '-'; unreadable votes show '-' for everyone", async ({ page }) => {
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  const purchase = current.getByRole('row', { name: /Approve purchase orders over \$100,000/ });
  await expect(purchase.getByRole('cell')).toHaveText([
    '5/27/25',
    'Consent Agenda',
    'Approve purchase orders over $100,000',
    'Approved(consent agenda)',
    'Yes',
    'Yes',
    'Yes',
    '-',
    'Yes',
  ]);
  const tabled = current.getByRole('row', { name: /HVAC upgrades/ });
  await expect(tabled.getByRole('cell').nth(4)).toHaveText('-');
  await expect(tabled.getByRole('cell').filter({ hasText: /^-$/ })).toHaveCount(5);
  // An absent member recorded as '-' shows the same.
  const paraeducator = current.getByRole('row', { name: /paraeducator classification/ });
  await expect(paraeducator.getByRole('cell')).toHaveText([
    '5/13/25',
    'Personnel',
    'Create a new paraeducator classification and salary range',
    'Passed(4-0)',
    'Yes',
    'Yes',
    'Yes',
    '-',
    'Yes',
  ]);
});

test('Yes is green with a check mark, No red with a cross, anything else neutral', async ({ page }) => {
  await openVoting(page);
  const row = table(page, 'Current Board Votes').getByRole('row', { name: /Adopt the 2025-26 district budget/ });
  const cells = row.getByRole('cell');
  const look = (cell: Locator) =>
    cell.evaluate((el) => ({ color: getComputedStyle(el).color, mark: getComputedStyle(el, '::before').content }));
  const yes = await look(cells.nth(4));
  const no = await look(cells.nth(5));
  expect(yes.color).toBe('rgb(20, 108, 46)');
  expect(yes.mark).toContain('✓');
  expect(no.color).toBe('rgb(164, 22, 26)');
  expect(no.mark).toContain('✗');
  const abstain = table(page, 'Current Board Votes')
    .getByRole('row', { name: /structured literacy/ })
    .getByRole('cell')
    .nth(8);
  await expect(abstain).toHaveText('Abstain');
  const other = await look(abstain);
  expect(other.color).toBe('rgb(27, 31, 36)');
  expect(other.mark).toBe('none');
});

test("an outcome 'text (detail)' is shown on two lines", async ({ page }) => {
  await openVoting(page);
  const outcome = table(page, 'Current Board Votes')
    .getByRole('row', { name: /Adopt the 2025-26 district budget/ })
    .getByRole('cell')
    .nth(3);
  expect(await outcome.innerText()).toBe('Passed\n(4-1)');
  const single = table(page, 'Current Board Votes')
    .getByRole('row', { name: /HVAC upgrades/ })
    .getByRole('cell')
    .nth(3);
  expect(await single.innerText()).toBe('Tabled');
});

test('clicking a header sorts by it; a second click reverses; the arrow and aria-sort follow', async ({ page }) => {
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  const sortedBy = () => current.locator('th[aria-sort]');
  const arrow = (name: string) =>
    header(current, name)
      .getByRole('button')
      .evaluate((el) => getComputedStyle(el, '::after').content);

  await header(current, 'Category').getByRole('button').click();
  await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'ascending');
  await expect(sortedBy()).toHaveCount(1);
  expect(await arrow('Category')).toContain('▲');
  expect(await arrow('Date')).toBe('none');
  const ascending = await column(current, 1).allTextContents();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
  expect(ascending[0]).toBe('Budget');

  await header(current, 'Category').getByRole('button').click();
  await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'descending');
  expect(await arrow('Category')).toContain('▼');
  await expect(column(current, 1).first()).toHaveText('Policy');

  await header(current, 'Date').getByRole('button').click();
  await expect(header(current, 'Date')).toHaveAttribute('aria-sort', 'ascending');
  await expect(column(current, 0).first()).toHaveText('1/14/25');
  await header(current, 'Date').getByRole('button').click();
  await expect(header(current, 'Date')).toHaveAttribute('aria-sort', 'descending');
  await expect(column(current, 0).first()).toHaveText('6/17/25');

  // A board member's column sorts by the vote; missing votes go last.
  await header(current, 'Daniel Whitfield').getByRole('button').click();
  await expect(column(current, 7)).toHaveText(['No', 'No', ...Array(8).fill('Yes'), '-', '-', '-']);

  // The other table keeps its own order.
  await expect(header(table(page, 'Past Board Votes'), 'Date')).toHaveAttribute('aria-sort', 'descending');
});

test('a header clicked before the tables woke sorts once: the island takes the order over, and the next click reverses it', async ({
  page,
}) => {
  // The island's script is held back until the click has been answered by the board script, so that it wakes after.
  const release = await holdIsland(page, 'VotingTables');
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  await header(current, 'Category').getByRole('button').click();
  await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'ascending');
  await islandAsleep(page, 'VotingTables');
  release();
  await islandHydrated(page, 'VotingTables');
  await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'ascending');
  await expect(current.locator('th[aria-sort]')).toHaveCount(1);
  const ascending = await column(current, 1).allTextContents();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
  expect(ascending[0]).toBe('Budget');
  await header(current, 'Category').getByRole('button').click();
  await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'descending');
  await expect(column(current, 1).first()).toHaveText('Policy');
});

test('the header buttons work from the keyboard', async ({ page }) => {
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  await header(current, 'Outcome').getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header(current, 'Outcome')).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Space');
  await expect(header(current, 'Outcome')).toHaveAttribute('aria-sort', 'descending');
});

test('a click anywhere in a header cell sorts, not only on its text', async ({ page }) => {
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  const category = header(current, 'Category');
  // As a reader would, with the header on the screen (the page above it may push it below the fold).
  await category.scrollIntoViewIfNeeded();
  const box = (await category.boundingBox())!;
  // The cell's far right edge, away from the word.
  await page.mouse.click(box.x + box.width - 3, box.y + box.height - 3);
  await expect(category).toHaveAttribute('aria-sort', 'ascending');
});

test("a '-' cell is announced as no vote recorded", async ({ page }) => {
  await openVoting(page);
  const purchase = table(page, 'Current Board Votes').getByRole('row', {
    name: /Approve purchase orders over \$100,000/,
  });
  const cell = purchase.getByRole('cell').nth(7);
  await expect(cell).toHaveText('-');
  await expect(cell).toHaveAccessibleName('No vote recorded');
});

test("at 1280 px board members' names are written across, and the table needs no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openVoting(page);
  const current = table(page, 'Current Board Votes');
  for (const name of MEMBERS) {
    const box = (await header(current, name).boundingBox())!;
    // Written across: wider than one line of text is tall.
    expect(box.width).toBeGreaterThan(30);
  }
  const region = page.getByRole('region', { name: 'Current Board Votes' });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('each vote reads top to bottom: date, category, issue, outcome, then every member and vote, with no sideways scroll', async ({
    page,
  }) => {
    await openVoting(page);
    const current = table(page, 'Current Board Votes');
    const row = current.getByRole('row', { name: /Approve purchase orders over \$100,000/ });
    const cells = row.getByRole('cell');
    const boxes = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await cells.nth(i).boundingBox())!));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y);
    // Every member's vote is on screen, none off to the right.
    for (let i = 4; i < 9; i++) {
      const box = (await cells.nth(i).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expect(cells.nth(4)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Still a table with its column headers to a screen reader.
    await expect(current.getByRole('columnheader')).toHaveText([
      'Date',
      'Category',
      'Issue (Brief Description)',
      'Outcome',
      ...MEMBERS,
    ]);
  });

  test('a Sort by control sorts by the same columns', async ({ page }) => {
    await openVoting(page);
    const section = page.getByRole('tabpanel', { name: 'Voting' });
    const sortBy = section.getByRole('combobox', { name: 'Sort by' }).first();
    await expect(sortBy).toBeVisible();
    await sortBy.selectOption({ label: 'Category' });
    const current = table(page, 'Current Board Votes');
    await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'ascending');
    // The header shows the sort at once (the board script answers while the island loads); the rows follow when it
    // has woken.
    await expect
      .poll(async () => {
        const categories = await column(current, 1).allTextContents();
        return categories.join('|') === [...categories].sort((a, b) => a.localeCompare(b)).join('|');
      })
      .toBe(true);
    await section.getByRole('combobox', { name: 'Order' }).first().selectOption({ label: 'Z to A' });
    await expect(header(current, 'Category')).toHaveAttribute('aria-sort', 'descending');
  });
});
