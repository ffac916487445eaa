// What the pages behind the links in emails (/confirm, /unsubscribe) do at load, without React: the island (EmailLink)
// sleeps until its button is pressed, and this says at once what the address alone decides. A link without a whole
// token is not valid: the page says so and offers no button. A link from an alert email (`for=alerts`) shows the
// invitation that speaks of alerts. Nothing is sent: opening a link changes nothing.
import { isEmailLinkToken } from '../data/emailLinkToken';

/** What the address of an email link's page decides before anything is pressed. */
export function linkAtLoad(search: string): { valid: boolean; alerts: boolean } {
  const params = new URLSearchParams(search);
  return { valid: isEmailLinkToken(params.get('token')), alerts: params.get('for') === 'alerts' };
}

/** Shows, in the server-rendered island inside `root`, what the address decides; `invalid` is the page's words for a broken link. */
export function showLinkAtLoad(root: ParentNode, search: string, invalid: string): void {
  const island = root.querySelector<HTMLElement>('[data-email-link]');
  if (!island) return;
  const { valid, alerts } = linkAtLoad(search);
  island.querySelector<HTMLElement>('[data-invitation="board"]')?.toggleAttribute('hidden', alerts);
  island.querySelector<HTMLElement>('[data-invitation="alerts"]')?.toggleAttribute('hidden', !alerts);
  if (valid) return;
  // Removed, not hidden: a styled button would show through `hidden`. Nothing is left to press, so React never loads.
  for (const element of island.querySelectorAll('[data-invitation], button')) element.remove();
  const alert = island.querySelector<HTMLElement>('[role="alert"]');
  if (alert) alert.textContent = invalid;
}
