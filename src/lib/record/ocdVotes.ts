// A member's vote in Open Civic Data's words and in the record's: OCD writes one of a fixed list of options
// (yes, no, abstain, absent, excused, not voting, paired, other) and may add a note; the record keeps the words the
// board used (Yes, No, Abstain, Recused, '-' for no vote recorded). The site's export and the importer both read
// votes through these rules, so a vote exported and imported again is the vote it was.
import { NO_VOTE } from './outcomes.ts';

/** The vote options of Open Civic Data, in the order counts list them. */
export const OCD_OPTIONS = ['yes', 'no', 'abstain', 'absent', 'excused', 'not voting', 'paired', 'other'] as const;
export type OcdOption = (typeof OCD_OPTIONS)[number];

/** The words the record has for a vote when its OCD option says it all (any other wording travels in the note). */
export const OPTION_WORDS: Record<OcdOption, string> = {
  yes: 'Yes',
  no: 'No',
  abstain: 'Abstain',
  absent: 'Absent',
  excused: 'Excused',
  'not voting': NO_VOTE,
  paired: 'Paired',
  other: 'Other',
};

/**
 * A vote's Open Civic Data option: Yes/No in any case, Abstain, Absent, Excused and Paired by name, Recused and no
 * vote recorded ('-', blank) as 'not voting', any other word as 'other'.
 */
export function ocdOption(vote: string | null | undefined): OcdOption {
  const word = vote?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';
  if (!word || word === NO_VOTE) return 'not voting';
  if (word === 'yes' || word === 'no') return word;
  if (word === 'abstain' || word === 'abstained') return 'abstain';
  if (word === 'absent' || word === 'excused' || word === 'paired') return word;
  if (word === 'recused' || word === 'not voting') return 'not voting';
  return 'other';
}

/**
 * The record's words for a vote an OCD document gives as its option and note. The option is the vote. The note is
 * the vote's own wording only when it names the same option ('Recused' beside 'not voting', as the site's export
 * writes it); any other note ('', 'by proxy') is only a note, and the vote is the option's word. An option outside
 * OCD's list is kept as written.
 */
export function voteFromOcd(option: string, note?: string | null): string {
  const key = option.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!(key in OPTION_WORDS)) return option.trim();
  const known = key as OcdOption;
  if (typeof note === 'string' && (note.trim() || known === 'not voting') && ocdOption(note) === known) return note;
  return OPTION_WORDS[known];
}

/** The outcome words of OCD's results (pupa writes pass and fail; Open States' API v3 also passed and failed). */
const RESULT_WORDS: Record<string, string> = { pass: 'Passed', passed: 'Passed', fail: 'Failed', failed: 'Failed' };

/** Which part of a record's outcome an OCD count goes in: Yes, No, another vote cast, or no vote (not counted). */
const COUNTED_AS: Record<OcdOption, 'yes' | 'no' | 'other' | null> = {
  yes: 'yes',
  no: 'no',
  abstain: 'other',
  excused: 'other',
  paired: 'other',
  other: 'other',
  absent: null,
  'not voting': null,
};

/**
 * A record's outcome from an OCD result and counts, as the site writes outcomes: 'Passed (42-0)', 'Failed (2-3-1)'
 * (Yes, No, then other votes cast when there are any; absent and not voting are not counted), the result alone when
 * there are no counts, null when there is neither. A result outside OCD's words is kept as written.
 */
export function outcomeFromOcd(
  result: string | null | undefined,
  counts: readonly { option: string; value: number }[] = [],
): string | null {
  const text = result?.trim() ?? '';
  const word = RESULT_WORDS[text.toLowerCase()] ?? (text ? text[0].toUpperCase() + text.slice(1) : '');
  const tally = { yes: 0, no: 0, other: 0 };
  let any = false;
  for (const { option, value } of counts) {
    const part = COUNTED_AS[option.trim().toLowerCase() as OcdOption] ?? null;
    if (part) tally[part] += value;
    any = true;
  }
  const detail = any ? `(${tally.yes}-${tally.no}${tally.other ? `-${tally.other}` : ''})` : '';
  return [word, detail].filter(Boolean).join(' ') || null;
}

/** The outcome's word alone, for a record whose counts disagree with its roll call. */
export function resultWord(result: string | null | undefined): string | null {
  return outcomeFromOcd(result, []);
}
