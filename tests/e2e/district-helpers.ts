// Shared steps of the district page browser tests.
import { expect, type Page } from '@playwright/test';

/** Waits until an island has hydrated (Astro removes its `ssr` attribute then), so clicks reach React. */
export async function hydrated(page: Page, component: 'TopicVoting' | 'VotingTables' | 'LiveDistrict' | 'RecordSearch') {
  await expect(page.locator(`astro-island[component-url*="/${component}."]`)).not.toHaveAttribute('ssr');
}

/** The YouTube player cannot load here (no internet): its embed address answers with an empty page instead. */
export async function stubYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
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
