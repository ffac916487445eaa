// What a vote record's outcome says against the votes beside it: the outcome's two parts, the votes counted, and
// whether they agree. The importer refuses a record whose outcome contradicts its votes; the district page shows the
// outcome on two lines.

/** What a record writes for a member with no vote, and what a table's cell shows then. */
export const NO_VOTE = '-';

/** An outcome of the form 'text (detail)' is shown on two lines: 'Passed (4-1)' → 'Passed' and '(4-1)'. */
export function splitOutcome(outcome: string | null | undefined): { text: string; detail: string | null } {
  const value = outcome?.trim() ?? '';
  const match = /^(.*\S)\s*(\([^()]*\))$/.exec(value);
  return match ? { text: match[1], detail: match[2] } : { text: value, detail: null };
}

/** How a record's members voted: Yes, No, another vote cast (such as Abstain), and no vote recorded ('-', Absent, blank). */
export function voteCounts(votes: readonly { vote: string }[]): {
  yes: number;
  no: number;
  other: number;
  none: number;
} {
  const counts = { yes: 0, no: 0, other: 0, none: 0 };
  for (const { vote } of votes) {
    const word = vote.trim().toLowerCase();
    if (word === 'yes') counts.yes += 1;
    else if (word === 'no') counts.no += 1;
    else if (word === '' || word === NO_VOTE || word === 'absent') counts.none += 1;
    else counts.other += 1;
  }
  return counts;
}

// Outcome words by what they claim: a decision for, a decision against, or no decision taken.
const PASSED = /^(passed|approved|adopted|carried|ratified|accepted)\b/i;
const FAILED = /^(failed|defeated|rejected)\b/i;
const NOT_DECIDED = /^(tabled|postponed|withdrawn|continued|no action)\b/i;

/**
 * Why an outcome does not agree with the votes beside it, or null when it does. Counts in the outcome ('Passed (4-1)',
 * '(4-0-1)') are the Yes, No and other votes cast, exactly; Passed and Approved need more Yes than No, Failed no more
 * Yes than No (a tie fails), and Tabled or Postponed no Yes or No at all. An outcome it does not know is not judged.
 */
export function outcomeProblem(outcome: string | null | undefined, votes: readonly { vote: string }[]): string | null {
  const { text, detail } = splitOutcome(outcome);
  const { yes, no, other } = voteCounts(votes);
  const counts = detail ? /^\((\d+)-(\d+)(?:-(\d+))?\)$/.exec(detail) : null;
  if (counts) {
    const [shownYes, shownNo, shownOther] = [Number(counts[1]), Number(counts[2]), Number(counts[3] ?? 0)];
    if (shownYes !== yes || shownNo !== no || shownOther !== other) {
      return `'${outcome}' counts ${shownYes}-${shownNo}-${shownOther} but the votes are ${yes} Yes, ${no} No, ${other} other`;
    }
  }
  if (PASSED.test(text) && yes <= no) return `'${outcome}' says it passed but the votes are ${yes} Yes, ${no} No`;
  if (FAILED.test(text) && (yes > no || yes + no === 0))
    return `'${outcome}' says it failed but the votes are ${yes} Yes, ${no} No`;
  if (NOT_DECIDED.test(text) && yes + no > 0)
    return `'${outcome}' says no decision was taken but ${yes + no} Yes or No votes are recorded`;
  return null;
}

/** Whether an outcome agrees with the votes beside it (see outcomeProblem). */
export function outcomeAgreesWithVotes(
  outcome: string | null | undefined,
  votes: readonly { vote: string }[],
): boolean {
  return outcomeProblem(outcome, votes) === null;
}
