// Outside links (Contact Us, Buy me a coffee, Support Us, Contact form, Provide Further Feedback): each one's
// accessible name is exactly the words shown, and that it opens a new tab is its description, not part of its name.
// The navigation bar marks the current page, visibly and with aria-current.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { config } from './siteHelpers';

const NEW_TAB = 'Opens in a new tab';

async function expectOutsideLink(link: Locator, name: string, href: string) {
  await expect(link).toHaveAccessibleName(name);
  await expect(link).toHaveAccessibleDescription(NEW_TAB);
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** The footer's outside links and the feedback page's button: the same at every width. */
async function expectFooterAndFeedbackLinks(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expectOutsideLink(
    footer.getByRole('link', { name: 'Support Us', exact: true }),
    'Support Us',
    config.donationUrl,
  );
  await expectOutsideLink(
    footer.getByRole('link', { name: 'Contact form', exact: true }),
    'Contact form',
    config.contactFormUrl,
  );
  await page.goto('/yesform');
  await expectOutsideLink(
    page.getByRole('link', { name: 'Provide Further Feedback', exact: true }),
    'Provide Further Feedback',
    config.feedbackFormUrl,
  );
}

test.describe('at 1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Contact Us, Buy me a coffee, Support Us, Contact form and Provide Further Feedback are named by their words and described as opening a new tab', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expectOutsideLink(
      main.getByRole('link', { name: 'Contact Us', exact: true }),
      'Contact Us',
      config.contactFormUrl,
    );
    await expectOutsideLink(
      page.getByRole('banner').getByRole('link', { name: 'Buy me a coffee', exact: true }),
      'Buy me a coffee',
      config.donationUrl,
    );
    await expectFooterAndFeedbackLinks(page);
  });

  test('the navigation bar marks the current page with aria-current and a visible underline', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('link', { name: 'About', exact: true });
    await expect(about).toHaveAttribute('aria-current', 'page');
    await expect(about).toHaveCSS('text-decoration-line', 'underline');
    const home = nav.getByRole('link', { name: 'Home', exact: true });
    await expect(home).not.toHaveAttribute('aria-current', /.*/);
    await expect(home).not.toHaveCSS('text-decoration-line', 'underline');
  });
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test("the sidebar's Contact Us and the donation link keep their words as their names", async ({ page }) => {
    await page.goto('/');
    await expectOutsideLink(
      page.getByRole('banner').getByRole('link', { name: 'Buy me a coffee', exact: true }),
      'Buy me a coffee',
      config.donationUrl,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expectOutsideLink(
      sidebar.getByRole('link', { name: 'Contact Us', exact: true }),
      'Contact Us',
      config.contactFormUrl,
    );
    await expect(sidebar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expectFooterAndFeedbackLinks(page);
  });
});
