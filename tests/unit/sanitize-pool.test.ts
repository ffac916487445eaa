// The build's sanitiser pool: the same sanitiser in worker threads gives the same HTML as in this thread, in order.
import { describe, expect, it } from 'vitest';
import { sanitizeJob, type RichTextJob } from '../../src/lib/sanitize';
import { createJsdomSanitizer } from '../../src/lib/node/sanitize-jsdom';
import { poolSize, sanitizeMany, sanitizerVersion } from '../../src/lib/node/sanitize-pool';
import { HOSTILE_RICH_TEXT as RICH_TEXT } from '../fixtures/hostile.mjs';

const here = createJsdomSanitizer();

describe('poolSize: one worker per core, no more than the batches need', () => {
  it.each([
    [0, 2, 1],
    [1, 2, 1],
    [250, 2, 1],
    [251, 2, 2],
    [100_000, 2, 2],
    [100_000, 1, 1],
    [100_000, 64, 8],
  ])('%i pieces on %i cores: %i workers', (pieces, cores, workers) => {
    expect(poolSize(pieces, cores)).toBe(workers);
  });
});

describe('sanitizeMany', () => {
  it.each([
    ['in worker threads', 0],
    ['in this thread (few pieces)', 10_000],
  ])('answers every job in order %s, the same as the sanitiser here, hostile text included', async (_label, inThreadMax) => {
    const jobs: RichTextJob[] = [];
    for (let i = 0; i < 600; i += 1) {
      jobs.push({ html: RICH_TEXT[i % RICH_TEXT.length], timestamps: i % 2 === 0 });
      jobs.push({ html: `<h1>Meeting ${i}</h1><p>Public comment from 1:02:15.</p>`, timestamps: i % 3 === 0 });
      if (i % 50 === 0) jobs.push(null);
    }
    const html = await sanitizeMany(jobs, { inThreadMax });
    expect(html).toHaveLength(jobs.length);
    expect(html).toEqual(jobs.map((job) => sanitizeJob(here, job)));
    expect(html[1]).toBe('<h4>Meeting 0</h4><p>Public comment from <button type="button" class="timestamp" data-timestamp="1:02:15" aria-label="Play the video from 1:02:15">1:02:15</button>.</p>');
    // No executable markup: no script element, no event handler attribute, no javascript: link (text may name them).
    expect(html.filter((h) => h !== null && /<script|<[^>]*\son\w+=|href="\s*javascript:/i.test(h))).toEqual([]);
  });

  it('answers two calls made at the same time (two tables sharing the workers) each with its own jobs, in order', async () => {
    const table = (name: string, count: number): RichTextJob[] =>
      Array.from({ length: count }, (_, i) => ({ html: `<h2>${name} ${i}</h2><p>From 0:${String(i % 60).padStart(2, '0')}.</p>`, timestamps: i % 2 === 0 }));
    const meetings = table('Meeting', 900);
    const topics = table('Topic', 400);
    const [meetingHtml, topicHtml] = await Promise.all([sanitizeMany(meetings, { inThreadMax: 0 }), sanitizeMany(topics, { inThreadMax: 0 })]);
    expect(meetingHtml).toEqual(meetings.map((job) => sanitizeJob(here, job)));
    expect(topicHtml).toEqual(topics.map((job) => sanitizeJob(here, job)));
    // And the pool starts again for a later call, once the first ones are done.
    expect(await sanitizeMany(topics.slice(0, 10), { inThreadMax: 0 })).toEqual(topicHtml.slice(0, 10));
  });

  it('has nothing to do for no jobs', async () => {
    expect(await sanitizeMany([])).toEqual([]);
  });

  it('names the sanitiser by its source and its libraries, the same on every call', () => {
    expect(sanitizerVersion()).toMatch(/^[0-9a-f]{64}$/);
    expect(sanitizerVersion()).toBe(sanitizerVersion());
  });
});
