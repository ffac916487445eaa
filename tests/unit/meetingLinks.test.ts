// Where a meeting is linked: its card's anchor and its share link.
import { describe, expect, it } from 'vitest';
import { meetingAnchor, meetingShareUrl } from '../../src/lib/record/meetingLinks';

describe('meeting anchors and share links', () => {
  it.each([
    ['2024-09-10', 'meeting-09-10-24'],
    ['2025-06-17', 'meeting-06-17-25'],
  ])('%s → #%s', (date, anchor) => {
    expect(meetingAnchor(date)).toBe(anchor);
  });

  it('the share link is page URL + ?tab=Meetings#meeting-MM-DD-YY', () => {
    expect(meetingShareUrl('https://example.org/1', 'meeting-09-10-24')).toBe(
      'https://example.org/1?tab=Meetings#meeting-09-10-24',
    );
  });
});
