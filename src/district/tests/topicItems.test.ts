// Topic rules: k formatting, the vote transition table, anchors, share links and which topic is selected first.
import { describe, expect, it } from 'vitest';
import {
  applyTopicVote,
  descriptionJob,
  formatVoteCount,
  initialTopicId,
  topicAnchor,
  topicIdFromHash,
  topicItem,
  topicShareUrl,
  topicVoteTransition,
} from '../topicItems';
import type { SafeHtml } from '../../lib/sanitize';

describe('formatVoteCount: 1000 or more as one-decimal k', () => {
  it.each([
    [0, '0'],
    [87, '87'],
    [999, '999'],
    [1000, '1.0k'],
    [1048, '1.0k'],
    [1234, '1.2k'],
    [1250, '1.3k'],
    [1950, '2.0k'],
    [12345, '12.3k'],
    [999999, '1000.0k'],
  ])('%i → %s', (count, text) => {
    expect(formatVoteCount(count)).toBe(text);
  });
});

describe('topicVoteTransition: none/up/down to up/down, the same direction again does nothing', () => {
  it.each([
    ['none', 'up', { upvotes: 1, downvotes: 0 }],
    ['none', 'down', { upvotes: 0, downvotes: 1 }],
    ['down', 'up', { upvotes: 1, downvotes: -1 }],
    ['up', 'down', { upvotes: -1, downvotes: 1 }],
    ['up', 'up', null],
    ['down', 'down', null],
  ] as const)('%s → %s', (from, to, delta) => {
    expect(topicVoteTransition(from, to)).toEqual(delta);
  });
});

describe('applyTopicVote: the counts after a transition, never below zero', () => {
  it.each([
    [{ upvotes: 5, downvotes: 2 }, 'none', 'up', { upvotes: 6, downvotes: 2 }],
    [{ upvotes: 5, downvotes: 2 }, 'none', 'down', { upvotes: 5, downvotes: 3 }],
    [{ upvotes: 5, downvotes: 2 }, 'down', 'up', { upvotes: 6, downvotes: 1 }],
    [{ upvotes: 5, downvotes: 2 }, 'up', 'down', { upvotes: 4, downvotes: 3 }],
    [{ upvotes: 5, downvotes: 2 }, 'up', 'up', { upvotes: 5, downvotes: 2 }],
    [{ upvotes: 0, downvotes: 0 }, 'up', 'down', { upvotes: 0, downvotes: 1 }],
  ] as const)('%j, %s → %s', (counts, from, to, expected) => {
    expect(applyTopicVote(counts, from, to)).toEqual(expected);
  });
});

describe('topic anchors, hashes and share links', () => {
  it('anchors a topic as topic-{id}', () => {
    expect(topicAnchor(7)).toBe('topic-7');
  });

  it.each([
    ['#topic-7', 7],
    ['topic-12', 12],
    ['#topic-', null],
    ['#topic-x', null],
    ['#meeting-09-10-24', null],
    ['', null],
    [null, null],
  ])('%j → %j', (hash, id) => {
    expect(topicIdFromHash(hash)).toBe(id);
  });

  it('shares page URL + ?tab=topics#topic-{id}', () => {
    expect(topicShareUrl('https://example.org/1', 3)).toBe('https://example.org/1?tab=topics#topic-3');
  });
});

describe('initialTopicId: the hash, else the default title (any case), else the first topic', () => {
  const topics = [
    { id: 11, title: 'Every Student Reads Initiative' },
    { id: 3, title: 'Math Pathways' },
    { id: 1, title: 'Budget 2025-26' },
  ];
  it.each([
    ['#topic-3', 'Budget 2025-26', 3],
    ['#topic-99', 'Budget 2025-26', 1],
    ['', 'Budget 2025-26', 1],
    ['', 'BUDGET 2025-26', 1],
    ['', 'math pathways', 3],
    ['', 'Not a topic', 11],
    ['', '', 11],
  ])('hash %j, default %j → %i', (hash, title, id) => {
    expect(initialTopicId(topics, hash, title)).toBe(id);
  });

  it('selects nothing when there are no topics', () => {
    expect(initialTopicId([], '#topic-1')).toBeNull();
  });
});

describe('descriptionJob and topicItem: what of a topic is sanitised and what the Topics tab receives', () => {
  const topic = { id: 3, districtId: 1, title: 'Budget', description: ' <p>d</p> ', upvotes: 4, downvotes: 2 };
  it.each([
    ['a description', ' <p>d</p> ', { html: '<p>d</p>', timestamps: false }],
    ['no description', null, null],
    ['an empty description', '   ', null],
  ])('%s', (_label, description, job) => {
    expect(descriptionJob({ description })).toEqual(job);
  });
  it('keeps the counts and shows an empty description for none', () => {
    expect(topicItem(topic, '<p>d</p>' as SafeHtml)).toEqual({
      id: 3,
      title: 'Budget',
      descriptionHtml: '<p>d</p>',
      upvotes: 4,
      downvotes: 2,
    });
    expect(topicItem(topic, null).descriptionHtml).toBe('');
  });
});
