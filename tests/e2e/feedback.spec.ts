// The pages after 'Did you find this useful?': the thank-you page and the feedback page.
import { expect, test } from '@playwright/test';
import { config } from './siteHelpers';

const PAGES = [
  {
    path: '/yesform',
    heading: 'Thank You for Your Feedback',
    text: 'Thank you for letting us know the site was useful.',
  },
  { path: '/noform', heading: 'We Value Your Feedback', text: 'the site did not meet your needs' },
];

for (const { path, heading, text } of PAGES) {
  test(`${path}: '${heading}', its message, the further feedback form in a new tab and the way back`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(text);
    const further = page.getByRole('link', { name: /^Provide Further Feedback/ });
    await expect(further).toHaveAttribute('href', config.feedbackFormUrl);
    await expect(further).toHaveAttribute('target', '_blank');
    await expect(further).toHaveAttribute('rel', 'noopener noreferrer');
    const back = page.getByRole('link', { name: 'Return to District Page' });
    await expect(back).toHaveAttribute('href', '/');
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'School Board Transparency' })).toBeVisible();
  });
}
