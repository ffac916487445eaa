// A meeting as the record names it: its title with its meeting type and its topics, the same on a district page's
// card, in the feeds and open data, and in the emails. Its date is written by the one formatter, formatDate
// (src/i18n/dates.ts).

/**
 * The card title: the meeting's title (default 'Board Meeting'); a meeting type other than 'normal' is
 * capitalised and placed before it ('special' + 'Board Meeting' → 'Special Board Meeting'), unless the title
 * already starts with it.
 */
export function meetingTitle(title: string | null | undefined, meetingType: string | null | undefined): string {
  const base = title?.trim() || 'Board Meeting';
  const type = meetingType?.trim() ?? '';
  if (!type || type.toLowerCase() === 'normal') return base;
  if (base.toLowerCase().startsWith(type.toLowerCase())) return base;
  return `${type.charAt(0).toUpperCase()}${type.slice(1)} ${base}`;
}

/** The 'Topics:' line: an array is joined with commas; a string is shown as it is (or parsed, when it holds a JSON array). */
export function meetingTopicsText(topics: string[] | string | null | undefined): string {
  if (topics == null) return '';
  let list: unknown = topics;
  if (typeof topics === 'string') {
    const text = topics.trim();
    if (!text.startsWith('[')) return text;
    try {
      list = JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (!Array.isArray(list)) return String(topics);
  return list
    .map((item) => String(item).trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The topics a meeting lists, one by one (for counting them, where the card only shows the line): an array as it
 * is, a string holding a JSON array parsed, any other string split on commas; blanks dropped, spaces trimmed.
 */
export function meetingTopicList(topics: string[] | string | null | undefined): string[] {
  if (topics == null) return [];
  let list: unknown = topics;
  if (typeof topics === 'string') {
    const text = topics.trim();
    list = text.split(',');
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        // Not JSON after all: the text is a comma-joined list that happens to start with '['.
      }
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map((item) => String(item).trim()).filter(Boolean);
}
