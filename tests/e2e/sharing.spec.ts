// Search engines and sharing: every page carries Open Graph and Twitter card tags naming itself, robots.txt names the
// sitemap index, and the sitemaps (read with the browser's XML parser) list every district page.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../supabase/tests/helpers';

const PAGES = [
  ['/', 'School Board Transparency'],
  ['/about', 'About | School Board Transparency'],
  ['/1', 'Palo Alto Unified School District | School Board Transparency'],
  ['/votingPAUSD', 'Vote on PAUSD Board Agenda — June 17th, 2025 | School Board Transparency'],
  ['/states/CA', 'School districts in CA | School Board Transparency'],
] as const;

const meta = (page: Page, attribute: 'name' | 'property', key: string) =>
  page.locator(`meta[${attribute}="${key}"]`).getAttribute('content');

for (const [path, title] of PAGES) {
  test(`${path} has Open Graph and Twitter card tags that name it`, async ({ page }) => {
    await page.goto(path);
    const description = await meta(page, 'name', 'description');
    expect(description).toBeTruthy();
    expect(await meta(page, 'property', 'og:title')).toBe(title);
    expect(await meta(page, 'property', 'og:description')).toBe(description);
    expect(await meta(page, 'property', 'og:type')).toBe('website');
    // Absolute, on the configured site's address.
    expect(new URL((await meta(page, 'property', 'og:url')) ?? '').pathname).toBe(path);
    expect(await meta(page, 'name', 'twitter:card')).toBe('summary');
    expect(await meta(page, 'name', 'twitter:title')).toBe(title);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      await meta(page, 'property', 'og:url'),
    );
  });
}

/** The <loc> addresses of a sitemap document, read with the browser's XML parser. */
async function locations(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('not XML');
    return [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? '');
  }, xml);
}

test('robots.txt names the sitemap index, whose sitemaps list every district page and none of the not-found page', async ({
  page,
}) => {
  await page.goto('/about');
  const robots = await (await page.request.get('/robots.txt')).text();
  const index = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(index).toMatch(/\/sitemap-index\.xml$/);
  const pages = (
    await Promise.all(
      (await locations(page, new URL(index!).pathname)).map((sitemap) => locations(page, new URL(sitemap).pathname)),
    )
  ).flat();
  const paths = pages.map((loc) => new URL(loc).pathname);
  const districts = (
    await sql<{ id: number }>('select id::int from public.districts where id < 900000 order by id')
  ).map((r) => `/${r.id}`);
  expect(paths).toEqual(expect.arrayContaining(['/', '/about', '/votingPAUSD', ...districts]));
  expect(paths.filter((path) => path.includes('404'))).toEqual([]);
});
