// Share links: the page address they start from, and copying one with the alert 'Link copied to clipboard!' (or its
// words in the page's language).

export const COPIED_MESSAGE = 'Link copied to clipboard!';
/** What the prompt offering the link by hand says. */
export const COPY_PROMPT = 'Copy this link:';

/**
 * The alert's and the prompt's words in the page's language, which a translated page's share button carries
 * (data-copied, data-copy-prompt); without them, the English ones above.
 */
export interface ShareWords {
  copied?: string;
  prompt?: string;
}

/** The page URL a share link starts from: origin and path, without the current query or hash. */
export function pageUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

/**
 * Copies a link and says so with an alert. When the clipboard refuses (no permission, an old browser), the
 * failure is logged and the link is offered in a prompt so the visitor can still copy it by hand. `win` is the page's
 * window (the board script's tests give jsdom's).
 */
export async function copyShareLink(
  url: string,
  win: Pick<Window, 'navigator' | 'alert' | 'prompt'> = window,
  words: ShareWords = {},
): Promise<boolean> {
  try {
    await win.navigator.clipboard.writeText(url);
  } catch (error) {
    console.error('Could not copy the link to the clipboard', error);
    win.prompt(words.prompt ?? COPY_PROMPT, url);
    return false;
  }
  win.alert(words.copied ?? COPIED_MESSAGE);
  return true;
}
