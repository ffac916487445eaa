// loadOnce: a download started once and shared, tried again after a failure.
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/lib/browser/loadOnce';

describe('loadOnce', () => {
  it('starts the download once and gives every caller its result', async () => {
    let started = 0;
    const load = loadOnce(async () => {
      started += 1;
      return 'module';
    });
    expect(await Promise.all([load(), load()])).toEqual(['module', 'module']);
    expect(await load()).toBe('module');
    expect(started).toBe(1);
  });

  it('tries again after a failed download', async () => {
    let started = 0;
    const load = loadOnce(async () => {
      started += 1;
      if (started === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'module';
    });
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(await load()).toBe('module');
    expect(started).toBe(2);
  });
});
