// Time stamps in meeting summaries: reading m:ss and h:mm:ss, and turning them into buttons that open the video.

/**
 * m:ss or h:mm:ss, standing alone (not part of a longer number or ratio), and not a clock time, which is when
 * something happened in the room rather than a position in the video: one followed by a.m., p.m., noon or midnight
 * ('9:15 p.m.', '12:00 noon'), or one right after a date ('Feb 15, 2018 12:00', '2/15/2018 12:00', '2018-02-15 12:00').
 */
export const TIMESTAMP_PATTERN =
  /(?<![\w:.])(?<!(?:\d{4}|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/\d{2})[,T]?\s?)(?:\d{1,2}:[0-5]\d:[0-5]\d|\d{1,3}:[0-5]\d)(?![\w:]|\.\d|\s?(?:[ap]\.?m\b|noon\b|midnight\b))/gi;

/** Seconds from the start: 3 parts are hours, minutes, seconds; 2 parts are minutes, seconds; anything else is 0. */
export function parseTimestamp(timestamp: string | null | undefined): number {
  const parts = String(timestamp ?? '')
    .trim()
    .split(':')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  if (parts.some(Number.isNaN)) return 0;
  if (parts.length === 3) return parts[0] * 3600 + parts[1] * 60 + parts[2];
  if (parts.length === 2) return parts[0] * 60 + parts[1];
  return 0;
}

/** A text cut into plain pieces and time stamps, in order. */
export function splitTimestamps(text: string): { text: string; timestamp: boolean }[] {
  const pieces: { text: string; timestamp: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(TIMESTAMP_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push({ text: text.slice(last, start), timestamp: false });
    pieces.push({ text: match[0], timestamp: true });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), timestamp: false });
  return pieces;
}

/** The class the delegated listener looks for. */
export const TIMESTAMP_CLASS = 'timestamp';

// Text inside these elements stays text: a button may not sit inside a link or another button.
const SKIP = new Set(['A', 'BUTTON', 'CODE', 'PRE', 'SCRIPT', 'STYLE', 'TEXTAREA']);

/**
 * Replaces every time stamp in the text under `root` with a button (`<button class="timestamp"
 * data-timestamp="12:45">`). Works on any DOM (jsdom at build, the page's in the browser); `root` must already
 * be sanitised.
 */
export function linkTimestamps(root: Element): void {
  const doc = root.ownerDocument;
  const texts: Text[] = [];
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let skip = false;
    for (let parent = node.parentElement; parent && parent !== root; parent = parent.parentElement) {
      if (SKIP.has(parent.tagName)) {
        skip = true;
        break;
      }
    }
    if (!skip) texts.push(node as Text);
  }
  for (const text of texts) {
    const pieces = splitTimestamps(text.data);
    if (!pieces.some((piece) => piece.timestamp)) continue;
    const fragment = doc.createDocumentFragment();
    for (const piece of pieces) {
      if (!piece.timestamp) {
        fragment.append(doc.createTextNode(piece.text));
        continue;
      }
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = TIMESTAMP_CLASS;
      button.dataset.timestamp = piece.text;
      button.setAttribute('aria-label', `Play the video from ${piece.text}`);
      button.textContent = piece.text;
      fragment.append(button);
    }
    text.replaceWith(fragment);
  }
}
