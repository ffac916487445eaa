// The site in Spanish and Chinese: the language switcher keeps the visitor's place, every page names its languages
// for search engines, a translated page shows no English words of the interface (the record and names are data), and
// axe finds nothing on the translated routes (the English ones are swept by accessibility.spec).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, islandAsleep, islandHydrated } from './siteHelpers';

/** Every kind of page: the site's own, the agenda vote form, a district page's three tabs and a member's page. */
const OWN_ROUTES = [
  '/',
  '/about',
  '/search',
  '/search?q=palo',
  '/states',
  '/states/CA',
  '/search/records',
  '/login',
  '/yesform',
  '/noform',
  '/confirm',
  '/unsubscribe',
  '/votingPAUSD',
  '/1',
  '/1?tab=topics',
  '/1?tab=voting',
  '/1/members/daniel-whitfield',
];

/**
 * English words of the interface that no Spanish or Chinese sentence holds (not "vote": Spanish "Vote" is "vote!").
 * Whole words only, by letters of any script: 'resultó' is Spanish, not 'result'.
 */
const ENGLISH =
  /(?<!\p{L})(the|and|your|you|with|this|that|from|please|find|search|home|about|page|sign|read|board|meeting|votes|district|contact|email|subscribe|results?|state|menu|skip)(?!\p{L})/iu;

/**
 * The text a visitor reads, without what is rightly English or a name: the record and its names (marked lang="en"),
 * the language switcher (each language named in itself), the states' district names, the team's placeholder names.
 */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const skip =
      '[lang="en"], .language-switcher, .state-listing ul, .team-grid h3, .team-grid .social, a[href^="mailto:"], script, style, noscript';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (
        !parent ||
        parent.closest(skip) ||
        (!parent.checkVisibility({ visibilityProperty: true }) && !parent.closest('.visually-hidden'))
      )
        continue;
      parts.push(node.textContent ?? '');
    }
    // An attribute or the title can only name the record inside its words ('Copy a link to {title}'): the record's
    // own texts (each marked lang="en" on the page) are taken out of them before they are read.
    const record = [
      ...new Set([...document.querySelectorAll('[lang="en"]')].map((element) => element.textContent?.trim() ?? '')),
    ]
      .filter((text) => text.length > 1)
      .sort((a, b) => b.length - a.length);
    const withoutRecord = (text: string) => record.reduce((rest, name) => rest.split(name).join(' '), text);
    const labels = [...document.querySelectorAll('[aria-label], [placeholder], [title]')]
      .filter((element) => !element.closest(skip))
      .flatMap((element) => [
        element.getAttribute('aria-label'),
        element.getAttribute('placeholder'),
        element.getAttribute('title'),
      ])
      .map((text) => withoutRecord(text ?? ''));
    return [...parts, ...labels, withoutRecord(document.title)].filter(Boolean).join(' ');
  });
}

for (const locale of ['es', 'zh'] as const) {
  for (const route of OWN_ROUTES) {
    const path = route === '/' ? `/${locale}` : `/${locale}${route}`;
    test(`${path}: in its language, no English interface words, and no axe violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'es' ? 'es' : 'zh-Hans');
      const text = await interfaceText(page);
      expect(text.match(ENGLISH)?.[0] ?? null, text).toBeNull();
      await expectNoAxeViolations(page);
    });
  }
}

test('a missing page under /es/ is the Spanish not-found page, with status 404', async ({ page }) => {
  const response = await page.goto('/es/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('every page names its three languages and x-default for search engines, and its own in og:locale', async ({
  page,
}) => {
  await page.goto('/zh/about');
  const alternates = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href') ?? '').pathname]),
    );
  expect(alternates).toEqual([
    ['en', '/about'],
    ['es', '/es/about'],
    ['zh-Hans', '/zh/about'],
    ['x-default', '/about'],
  ]);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'zh_CN');
  await expect(page).toHaveTitle('关于我们 | 学区教育委员会透明度');
});

test('the English home page offers the other languages once, each in its own words; a translated one does not', async ({
  page,
}) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Lea este sitio en español' })).toHaveAttribute('href', '/es');
  await expect(main.getByRole('link', { name: '阅读本网站的中文版' })).toHaveAttribute('href', '/zh');
  await page.goto('/es');
  await expect(page.getByRole('main').getByRole('link', { name: /Read this site|阅读本网站/ })).toHaveCount(0);
});

test('the header switcher names each language in itself, marks the current one, and keeps the tab and the card', async ({
  page,
}) => {
  await page.goto('/1?tab=voting#meeting-12-01-26');
  const switcher = page.getByRole('navigation', { name: 'Language', exact: true });
  await expect(switcher.getByRole('link')).toHaveText(['English', 'Español', '中文']);
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
  await switcher.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/1\?tab=voting#meeting-12-01-26$/);
  const spanish = page.getByRole('navigation', { name: 'Idioma', exact: true });
  await expect(spanish.getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('at 375 px the mobile menu switches language and keeps the place too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/es/search/records?q=budget');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-current', 'true');
  await menu.getByRole('button', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/zh\/search\/records\?q=budget$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('搜索会议记录');
});

test("the board's votes, outcomes and categories read in the page's language, not in English", async ({ page }) => {
  // 'No' is Spanish too: only the Chinese page must not show it.
  const english = /^(Yes|Abstain|Passed|Failed|Tabled|Approved|Budget|Facilities|Policy|Personnel|Curriculum)\b/;
  const englishOrNo = /^(Yes|No|Abstain|Passed|Failed|Tabled|Approved|Budget|Facilities|Policy|Personnel|Curriculum)\b/;
  await page.goto('/es/1?tab=voting');
  const tables = page.locator('.voting-tables');
  await expect(tables.locator('.outcome-text').first()).toHaveText(/^(Aprobada|Rechazada|Aplazada)$/);
  await expect(tables.locator('td.outcome', { hasText: 'Aprobada(4-1)' }).first()).toBeVisible();
  await expect(tables.locator('td.vote', { hasText: /^Sí$/ }).first()).toBeVisible();
  await expect(tables.locator('td.cell-category', { hasText: /^Presupuesto$/ }).first()).toBeVisible();
  const spanishCells = await page.locator('.voting-tables td, .split-votes li').allTextContents();
  expect(spanishCells.filter((text) => english.test(text.trim()))).toEqual([]);

  await page.goto('/es/1/members/daniel-whitfield');
  const vote = page.locator('.member-vote').first();
  await expect(vote).toHaveText(/^(Sí|No|Abstención)$/);
  await expect(vote).toHaveAttribute('data-label', 'Su voto');
  expect(
    (await page.locator('.member-votes td').allTextContents()).filter((text) => english.test(text.trim())),
  ).toEqual([]);

  await page.goto('/zh/1?tab=voting');
  await expect(page.locator('.voting-tables .outcome-text').first()).toHaveText(/^(通过|未通过|搁置)$/);
  await expect(page.locator('.voting-tables td.outcome', { hasText: '通过（4-1）' }).first()).toBeVisible();
  const chineseCells = await page.locator('.voting-tables td, .split-votes li').allTextContents();
  expect(chineseCells.filter((text) => englishOrNo.test(text.trim()))).toEqual([]);
  await expect(page.locator('.voting-tables td.vote', { hasText: /^赞成$/ }).first()).toBeVisible();

  // On a phone each cell is labelled, after a full-width colon in Chinese.
  await page.setViewportSize({ width: 375, height: 740 });
  const label = await page
    .locator('.voting-table td.cell-date')
    .first()
    .evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(label).toContain('日期：');

  await page.goto('/es/votingPAUSD');
  await expect(page.locator('.board-decision').first()).toContainText('Aprobada (4-1). Sí: ');
});

test("a record search in Spanish or Chinese is searched in the record's English and says which words", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // A search link: the page's own script searches the glossary's English before React has loaded.
  await page.goto('/es/search/records?q=presupuesto');
  await expect(page.locator('.record-search-hint')).toContainText('("cell phones"); ponga un signo de menos');
  await expect(page.getByRole('searchbox')).toHaveValue('presupuesto');
  await expect(
    page.getByRole('list', { name: 'Resultados de la búsqueda' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.locator('.record-search-status')).not.toHaveText(/No hay resultados/);
  await expect(page.locator('.record-search-words')).toHaveText('Buscamos «budget».');
  await islandAsleep(page, 'RecordSearch');
  // The shot shows the intro's end, the box, the count, the words searched and the first results.
  await page.locator('.record-search-hint').evaluate((hint) => hint.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, 150));
  await page.screenshot({ path: '/work/shots/i46d-es-record-search.png' });

  // Typed into the box once the island is awake: a phrase, and a word the glossary lacks left out, with the advice.
  await page.getByRole('searchbox').focus();
  await islandHydrated(page, 'RecordSearch');
  await page.getByRole('searchbox').fill('vivienda para maestros zapatos');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/q=vivienda/);
  await expect(page.locator('.record-search-words')).toHaveText(
    'Buscamos «teacher housing». No sabemos traducir «zapatos»: escriba en inglés lo que busca, por ejemplo "cell phones" o budget -bond.',
  );
  await expect(
    page.getByRole('list', { name: 'Resultados de la búsqueda' }).getByRole('listitem').first(),
  ).toBeVisible();

  // A word the glossary lacks alone: nothing found, and the advice with the page's own examples.
  await page.goto('/es/search/records?q=zapatos');
  await expect(page.locator('.record-search-status')).toHaveText('No hay resultados para «zapatos».');
  await expect(page.locator('.record-search-words')).toHaveText(
    'No sabemos traducir «zapatos»: escriba en inglés lo que busca, por ejemplo "cell phones" o budget -bond.',
  );

  await page.goto('/zh/search/records?q=预算');
  await expect(page.locator('.record-search-words')).toHaveText('已按英文搜索“budget”。');
  await expect(page.locator('.record-results li').first()).toBeVisible();

  // A district page's own box turns the reader's words the same way.
  await page.goto('/es/1');
  const board = page.getByRole('searchbox', { name: 'Buscar en el registro de esta junta' });
  await board.focus();
  await islandHydrated(page, 'RecordSearch');
  await board.fill('presupuesto');
  await board.press('Enter');
  await expect(page.locator('.record-search-words')).toHaveText('Buscamos «budget».');
  await expect(page.locator('.record-results li').first()).toBeVisible();

  // English is searched as typed, with no such line.
  await page.goto('/search/records?q=presupuesto');
  await expect(page.locator('.record-search-status')).toHaveText('No results for “presupuesto”.');
  await expect(page.locator('.record-search-words')).toBeHidden();
});
