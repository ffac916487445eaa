// Shared steps of the district page browser tests.
import type { Page } from '@playwright/test';

/** The topic the Topics tab shows (the others' panels are hidden). */
export function shownTopic(page: Page) {
  return page.getByRole('tabpanel', { name: 'Topics' }).getByRole('tabpanel');
}

/** The YouTube player cannot load here (no internet): its embed address answers with an empty page instead. */
export async function stubYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}

/** Collects the alert messages a page shows, accepting each. */
export function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', async (dialog) => {
    messages.push(dialog.message());
    await dialog.accept();
  });
  return messages;
}
