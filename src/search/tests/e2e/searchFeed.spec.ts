// A feed for any search, with no email asked, as a parent finds it: beside 'Email me when this comes up' on the
// site-wide search, advertised in the page's head, in the page's language; the feed itself answered by the stack's
// feed function; and a browser that opens the feed address lands on the site's page that explains it.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../../../tests/e2e/siteHelpers';

const API = process.env.PUBLIC_SUPABASE_URL!;
const feedLink = (page: Page, name = 'Follow this search in a feed reader') => page.getByRole('link', { name });

test.describe("a search's feed", () => {
  test('stands beside the email offer once a search is answered, and is in the head for feed readers', async ({
    page,
    request,
  }) => {
    await page.goto('/search/records');
    await expect(feedLink(page)).toHaveCount(0);
    await page.goto('/search/records?q=budget&kind=meeting');
    const address = `${API}/functions/v1/alert-feed?q=budget&kinds=meeting`;
    await expect(feedLink(page)).toHaveAttribute('href', address);
    await expect(page.getByText('(Atom feed, no email needed)')).toBeVisible();
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
      'href',
      address,
    );
    // The feed link stands right above 'Email me when this comes up'.
    const link = await feedLink(page).boundingBox();
    const offer = await page.getByText('Email me when this comes up').boundingBox();
    expect(offer!.y - (link!.y + link!.height)).toBeLessThan(120);
    expect(link!.height).toBeGreaterThanOrEqual(44);

    const feed = await request.get(address, { headers: { accept: 'application/atom+xml' } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const body = await feed.text();
    expect(body).toContain('School board search: "budget" in every district, meeting summaries only');
    expect(body).toContain('<entry>');
    await expectNoAxeViolations(page);
  });

  test('follows the search the island answers, the reader’s words sent as the record’s English', async ({ page }) => {
    await page.goto('/es/search/records');
    const box = page.getByRole('searchbox');
    await box.fill('presupuesto');
    await box.press('Enter');
    await expect(feedLink(page, 'Seguir esta búsqueda en un lector de noticias')).toHaveAttribute(
      'href',
      `${API}/functions/v1/alert-feed?q=budget&lang=es`,
    );
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(1);
  });

  test("opened in a browser, shows the site's page about it, with the address to copy and the search", async ({
    page,
  }) => {
    await page.goto(`${API}/functions/v1/alert-feed?q=cell+phones&district=1`);
    await expect(page).toHaveURL(/\/feed\?q=cell\+phones&district=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'A feed address' })).toBeVisible();
    await expect(page.getByText('This feed lists the newest records for “cell phones”.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Feed address' })).toHaveValue(
      `${API}/functions/v1/alert-feed?q=cell+phones&district=1`,
    );
    await expect(page.getByRole('link', { name: 'See these results on this site' })).toHaveAttribute(
      'href',
      '/search/records?q=cell+phones&district=1',
    );
    await expectNoAxeViolations(page);
  });

  test('the page about feeds, opened with no feed named, says where the site offers one', async ({ page }) => {
    await page.goto('/zh/feed');
    await expect(page.getByRole('heading', { level: 1, name: '订阅源地址' })).toBeVisible();
    await expect(page.getByText('本页说明订阅源地址，但没有给出任何地址。')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });
});
