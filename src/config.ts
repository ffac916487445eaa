// Site configuration: every outside address and the contact email, read from PUBLIC_* build variables
// (see .env.example) with a documented default, so components never hard-code them.

type Env = Record<string, string | undefined>;

/** The documented defaults: placeholders on the reserved example.org domain until an operator sets real ones. */
export const CONFIG_DEFAULTS = {
  /** PUBLIC_CONTACT_FORM_URL: the 'Contact Us' form (navigation bar and footer). */
  contactFormUrl: 'https://example.org/contact-form',
  /** PUBLIC_FEEDBACK_FORM_URL: the 'Provide Further Feedback' form on /yesform and /noform. */
  feedbackFormUrl: 'https://example.org/feedback-form',
  /** PUBLIC_DONATION_URL: the 'Buy me a coffee' and 'Support Us' page. */
  donationUrl: 'https://example.org/support',
  /** PUBLIC_CONTACT_EMAIL: the footer's contact email. */
  contactEmail: 'contact@example.org',
  /** PUBLIC_GOOGLE_CLIENT_ID: the OAuth client id that Google sign-in on /login uses. */
  googleClientId: 'your-client-id.apps.googleusercontent.com',
} as const;

export interface SiteConfig {
  contactFormUrl: string;
  feedbackFormUrl: string;
  donationUrl: string;
  contactEmail: string;
  googleClientId: string;
  /** True while the site reads the embedded demo database, whose data is fictional. */
  demoData: boolean;
}

/** True when an address points at this machine (the embedded demo stack), not at a hosted Supabase. */
export function isLocalAddress(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * The origin of the database's API (PUBLIC_SUPABASE_URL), for a page that calls it as soon as it loads to connect
 * ahead (a hosted Supabase is another origin: its DNS, TCP and TLS cost a slow phone several round trips). null when
 * the address is missing or not an address.
 */
export function apiOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

// A blank variable counts as unset, so an empty line in .env does not erase a default.
const pick = (value: string | undefined, fallback: string): string => (value && value.trim() ? value.trim() : fallback);

/** Reads the configuration from an environment (import.meta.env at build). */
export function readSiteConfig(env: Env): SiteConfig {
  return {
    contactFormUrl: pick(env.PUBLIC_CONTACT_FORM_URL, CONFIG_DEFAULTS.contactFormUrl),
    feedbackFormUrl: pick(env.PUBLIC_FEEDBACK_FORM_URL, CONFIG_DEFAULTS.feedbackFormUrl),
    donationUrl: pick(env.PUBLIC_DONATION_URL, CONFIG_DEFAULTS.donationUrl),
    contactEmail: pick(env.PUBLIC_CONTACT_EMAIL, CONFIG_DEFAULTS.contactEmail),
    googleClientId: pick(env.PUBLIC_GOOGLE_CLIENT_ID, CONFIG_DEFAULTS.googleClientId),
    demoData: isLocalAddress(env.PUBLIC_SUPABASE_URL),
  };
}

/** The site's configuration for this build. */
// import.meta.env is absent outside Vite (for instance when a browser test imports the defaults).
export const siteConfig: SiteConfig = readSiteConfig((import.meta.env ?? {}) as unknown as Env);
