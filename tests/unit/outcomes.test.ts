// What a vote record's outcome says: its two parts, and whether it agrees with the votes beside it.
import { describe, expect, it } from 'vitest';
import { outcomeAgreesWithVotes, outcomeProblem, splitOutcome, voteCounts } from '../../src/lib/record/outcomes';

describe("splitOutcome: 'text (detail)' goes on two lines", () => {
  it.each([
    ['Passed (4-1)', { text: 'Passed', detail: '(4-1)' }],
    ['Approved (consent agenda)', { text: 'Approved', detail: '(consent agenda)' }],
    ['Passed (3-1-1)', { text: 'Passed', detail: '(3-1-1)' }],
    ['Passed', { text: 'Passed', detail: null }],
    ['Tabled', { text: 'Tabled', detail: null }],
    ['(4-1)', { text: '(4-1)', detail: null }],
    ['Passed (4-1) later', { text: 'Passed (4-1) later', detail: null }],
    ['Passed(5-0)', { text: 'Passed', detail: '(5-0)' }],
    ['', { text: '', detail: null }],
    [null, { text: '', detail: null }],
  ])('%j', (outcome, parts) => {
    expect(splitOutcome(outcome)).toEqual(parts);
  });
});

describe('outcomeAgreesWithVotes: the outcome says what the votes beside it say', () => {
  const cast = (...words: string[]) => words.map((vote, i) => ({ name: `Member ${i + 1}`, vote }));
  const five = cast('Yes', 'Yes', 'Yes', 'Yes', 'Yes');

  it.each([
    ['Passed (5-0)', five, true],
    ['Passed (5-0)', cast('Yes', 'Yes', 'Yes', 'Yes', '-'), false],
    ['Passed (5-0)', cast('Yes', 'Yes', 'Yes', 'Yes'), false],
    ['Passed (5-0)', [], false],
    ['Passed (4-0)', cast('Yes', 'Yes', 'Yes', 'Yes', '-'), true],
    ['Passed (4-0)', cast('Yes', 'Yes', 'Yes', 'Yes', 'Absent'), true],
    ['Passed (4-1)', cast('Yes', 'No', 'Yes', 'Yes', 'Yes'), true],
    ['Passed (4-1)', cast('Yes', 'No', 'Yes', 'Yes', 'Abstain'), false],
    ['Passed (3-1-1)', cast('Abstain', 'Yes', 'Yes', 'No', 'Yes'), true],
    ['Passed (4-0-1)', cast('Yes', 'Yes', 'Yes', 'Yes', 'Abstain'), true],
    ['Passed (3-2)', cast('Yes', 'Yes', 'No', 'Yes', 'No'), true],
    ['Passed (2-3)', cast('Yes', 'Yes', 'No', 'No', 'No'), false],
    ['Passed', cast('Yes', 'No', 'No'), false],
    ['Passed', five, true],
    ['passed (5-0)', five, true],
    ['Approved (consent agenda)', five, true],
    ['Approved (consent agenda)', cast('Yes', 'Yes', 'Yes', 'Yes'), true],
    ['Approved (consent agenda)', [], false],
    ['Failed (2-3)', cast('Yes', 'No', 'Yes', 'No', 'No'), true],
    ['Failed (2-2)', cast('Yes', 'No', 'Yes', 'No', '-'), true],
    ['Failed (1-4)', cast('No', 'No', 'No', 'No', 'Yes'), true],
    ['Failed', five, false],
    ['Failed', [], false],
    ['Tabled', [], true],
    ['Tabled', cast('-', '-', '-'), true],
    ['Tabled', cast('Yes', 'Yes', 'Yes', 'Yes'), false],
    ['Postponed', cast('No'), false],
    ['Received and filed', five, true],
    [null, five, true],
    ['', [], true],
  ])('%j with %j: %s', (outcome, votes, agrees) => {
    expect(outcomeAgreesWithVotes(outcome, votes)).toBe(agrees);
  });

  it('says what is wrong in words', () => {
    expect(outcomeProblem('Passed (5-0)', cast('Yes', 'Yes', 'Yes', 'Yes', '-'))).toBe(
      "'Passed (5-0)' counts 5-0-0 but the votes are 4 Yes, 0 No, 0 other",
    );
    expect(outcomeProblem('Tabled', cast('Yes'))).toBe(
      "'Tabled' says no decision was taken but 1 Yes or No votes are recorded",
    );
  });

  it('counts Yes, No, other votes cast and no vote recorded', () => {
    expect(voteCounts(cast('Yes', ' yes ', 'No', 'Abstain', '-', 'Absent', ''))).toEqual({
      yes: 2,
      no: 1,
      other: 1,
      none: 3,
    });
  });
});
