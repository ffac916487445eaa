// The feed of the search on screen, offered beside 'Email me when this comes up': the link under the results (in the
// island's markup, written by the page's script before the island wakes and by the island after) and the page head's
// <link rel="alternate">, by which browsers and feed-reader extensions find it. One search on screen, one feed.
const HEAD_LINK = 'link[data-search-feed]';

/**
 * Points the island's feed line (inside `root`; its words in data-link and data-note) and the head's alternate link at
 * `href`, or hides both (null).
 */
export function showSearchFeed(root: ParentNode, href: string | null, title: string): void {
  const line = root.querySelector<HTMLElement>('.record-search-feed');
  if (line) {
    line.hidden = href === null;
    line.replaceChildren();
    if (href) {
      const link = document.createElement('a');
      link.type = 'application/atom+xml';
      link.href = href;
      link.textContent = line.dataset.link ?? '';
      line.append(link, ` ${line.dataset.note ?? ''}`);
    }
  }
  document.head.querySelector(HEAD_LINK)?.remove();
  if (!href) return;
  const alternate = document.createElement('link');
  alternate.rel = 'alternate';
  alternate.type = 'application/atom+xml';
  alternate.title = title;
  alternate.href = href;
  alternate.dataset.searchFeed = '';
  document.head.append(alternate);
}
