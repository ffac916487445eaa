// The shape of the token an email's link carries, checked before anything is sent: on its own, without the subscriptions
// data module, because the email links' pages check it at load without React (src/alerts/browser/emailLinkAtLoad.ts).

/** A token as the links carry it: 64 lowercase hex characters. Anything else is not sent to the server. */
export function isEmailLinkToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[0-9a-f]{64}$/.test(token);
}
