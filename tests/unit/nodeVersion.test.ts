// The Node every command needs: package.json's engines range, judged before a command loads anything else.
import { describe, expect, it } from 'vitest';
import { nodeProblem, nodeSatisfies, rangeInWords, requiredRange } from '../../scripts/lib/nodeVersion.mjs';

const RANGE = '^22.22.2 || ^24.15.0 || >=26.0.0';

describe('nodeSatisfies', () => {
  it.each([
    ['v20.20.2', false],
    ['v22.22.1', false],
    ['v22.22.2', true],
    ['v22.23.0', true],
    ['v23.0.0', false],
    ['v24.14.9', false],
    ['v24.15.0', true],
    ['v24.21.0', true],
    ['v25.9.0', false],
    ['v26.0.0', true],
    ['v30.1.0', true],
    ['v18.0.0', false],
  ])('%s: %s', (version, expected) => {
    expect(nodeSatisfies(version, RANGE)).toBe(expected);
  });

  it('never matches a term of another form', () => {
    expect(nodeSatisfies('v24.15.0', '~24.15.0')).toBe(false);
  });
});

describe('the line an older Node prints', () => {
  it('names the Node needed and the one found', () => {
    expect(nodeProblem('v20.20.2', RANGE)).toBe(
      'This project needs Node 22.22.2+, 24.15+ or 26+; this is Node 20.20.2. Install a newer Node (.nvmrc names one) and run the command again.',
    );
  });

  it('is null on a Node the project runs on', () => {
    expect(nodeProblem('v24.15.0', RANGE)).toBeNull();
  });

  it.each([
    ['^22.22.2 || ^24.15.0 || >=26.0.0', '22.22.2+, 24.15+ or 26+'],
    ['>=24.0.0', '24+'],
  ])('words %s as %s', (range, words) => {
    expect(rangeInWords(range)).toBe(words);
  });

  it('reads the range from package.json, whose engines the README and .nvmrc follow', () => {
    expect(requiredRange()).toBe(RANGE);
    expect(nodeProblem(process.version, requiredRange())).toBeNull();
  });
});
