// The 17 June 2025 board agenda vote (/votingPAUSD): its items, choices' labels and the pure rules of its form. The
// fields, choices and the shapes the database takes and answers are the agenda_votes table's (data/agendaVotes.ts).
import type { Voting, VoteItem } from './data/votings';
import { AGENDA_FIELDS, CHOICES, type AgendaField, type AgendaVoteSubmission, type Choice, type ItemTotals, type ResidentTotals } from './data/agendaVotes';
import { describeLoadFailure, describeSendFailure, fieldErrorText, type FieldErrors, type FormResult } from './data/formResult';
import { districtPath, voteAnchor } from './paths';

/** The board meeting the form is for (the hidden meeting_date field). */
export const MEETING_DATE = '2025-06-17';


/** The choices' labels, as the form shows them. */
export const CHOICE_LABELS: Record<Choice, string> = {
  support: 'Support',
  oppose: 'Oppose',
  neutral: 'Neutral / Unsure',
};

export interface AgendaItem {
  field: AgendaField;
  title: string;
  description: string;
}

/** The agenda cards: what the board's published agenda says of each item of the 17 June 2025 meeting. */
export const AGENDA_ITEMS: readonly AgendaItem[] = [
  {
    field: 'budget',
    title: 'Adoption of the 2025-26 District Budget',
    description:
      'The Board is asked to adopt the district budget for the 2025-26 school year. It assumes property-tax revenue grows by about 3 percent, applies the state’s 2.30 percent cost-of-living adjustment, and keeps reserves above the required 3 percent.',
  },
  {
    field: 'lcap',
    title: 'Local Control and Accountability Plan (LCAP)',
    description:
      'Approval of the Local Control and Accountability Plan, which sets the district’s goals for students and shows how state funding will be spent to reach them.',
  },
  {
    field: 'esri_update',
    title: 'Every Student Reads Initiative Update',
    description: 'An update on the Every Student Reads Initiative, the district’s effort to help every student read with confidence.',
  },
  {
    field: 'summer_projects',
    title: 'Summer 2025 Facilities and Maintenance Projects',
    description: 'Information only: the facilities and maintenance projects planned at school sites during summer 2025. No Board action is requested.',
  },
  {
    field: 'hoover_playground',
    title: 'Accessible Playground at Hoover Elementary',
    description: 'Award of a $1.27 million contract to build an accessible playground at Hoover Elementary School, so children of all abilities can play together.',
  },
];

/** The labels error messages follow ('Email must be …'); meeting_date is hidden, so its errors show for the form. */
export const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(AGENDA_ITEMS.map((item) => [item.field, item.title])),
  email: 'Email',
  comments: 'Comments',
  meeting_date: 'Meeting date',
};

/** Fields the resident can see and fix; their errors show beside them. */
export const VISIBLE_FIELDS = [...AGENDA_FIELDS, 'email', 'comments'] as const;
export type VisibleField = (typeof VISIBLE_FIELDS)[number];

/** The same words the server uses for a missing choice. */
export const MISSING_CHOICE = 'needs a choice: Support, Oppose or Neutral / Unsure';
/** What the browser's own email check refuses, worded like the server's rule. */
export const INVALID_EMAIL = 'must be a valid address such as name@example.org';

/** What the resident has entered so far. */
export interface VoteFormValues {
  choices: Partial<Record<AgendaField, Choice>>;
  email: string;
  comments: string;
}

export const EMPTY_VOTE_FORM: VoteFormValues = { choices: {}, email: '', comments: '' };

/** What submit_agenda_vote receives (see supabase/migrations/20250601000300_resident_voices.sql). */

/** Errors shaped for the page: one text per visible field, and the rest for the form as a whole. */
export interface DisplayedErrors {
  fields: Partial<Record<VisibleField, string>>;
  form: string[];
}

export const NO_ERRORS: DisplayedErrors = { fields: {}, form: [] };

/** The island's own check before sending: every agenda item needs a choice (one message per missing item). */
export function missingChoices(choices: VoteFormValues['choices']): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of AGENDA_FIELDS) {
    if (!CHOICES.includes(choices[field] as Choice)) errors[field] = [MISSING_CHOICE];
  }
  return errors;
}

/** What the form's controls hold (e.g. chosen before the island hydrated), as form values. */
export function valuesFromForm(data: { get(name: string): unknown }): VoteFormValues {
  const choices: VoteFormValues['choices'] = {};
  for (const field of AGENDA_FIELDS) {
    const value = data.get(field);
    if (CHOICES.includes(value as Choice)) choices[field] = value as Choice;
  }
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { choices, email: text('email'), comments: text('comments') };
}

/** The submission for a complete form: blank optional fields are sent as null, text is trimmed. */
export function toSubmission(values: VoteFormValues, idempotencyKey: string): AgendaVoteSubmission {
  const choices = Object.fromEntries(AGENDA_FIELDS.map((field) => [field, values.choices[field]])) as Record<AgendaField, Choice>;
  return {
    idempotency_key: idempotencyKey,
    meeting_date: MEETING_DATE,
    ...choices,
    email: values.email.trim() || null,
    comments: values.comments.trim() || null,
  };
}

const isVisibleField = (field: string): field is VisibleField => (VISIBLE_FIELDS as readonly string[]).includes(field);

/** Turns the server's (or the island's) errors into the texts the page shows, each field's label first. */
export function displayedErrors(result: Pick<FormResult, 'errors' | 'form_errors'>): DisplayedErrors {
  const shown: DisplayedErrors = { fields: {}, form: [...result.form_errors] };
  for (const [field, messages] of Object.entries(result.errors)) {
    if (messages.length === 0) continue;
    const text = fieldErrorText(FIELD_LABELS[field] ?? field, messages);
    if (isVisibleField(field)) shown.fields[field] = text;
    else shown.form.push(text);
  }
  return shown;
}

/** The form-level message when the vote did not reach the server or its answer made no sense. */
export function voteSendFailure(reason: string): string {
  return `Your vote could not be sent: ${describeSendFailure(reason)}. Your answers are still here; please try again.`;
}

/**
 * The idempotency key for sending these answers: the last key again when the answers are the ones last sent (a
 * retry after a lost answer stores one row), a new key when any answer changed (the server refuses a known key
 * with other answers, so an edit is never silently dropped).
 */
export function keyForAnswers(last: { key: string; answers: string } | null, answers: string, newKey: () => string = newIdempotencyKey): { key: string; answers: string } {
  return last && last.answers === answers ? last : { key: newKey(), answers };
}

/** A fresh idempotency key for one form fill (crypto.randomUUID where the browser has it). */
export function newIdempotencyKey(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  // An RFC 4122 version 4 UUID from 16 random bytes, for browsers without randomUUID.
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// After the meeting: how the Board voted on each item, and the residents' totals beside it.

/** The district whose board met on 17 June 2025 (Palo Alto Unified). */
export const MEETING_DISTRICT_ID = 1;

/** The district page's Voting tab, where every Board vote is listed. */
export const BOARD_VOTES_HREF = `${districtPath(MEETING_DISTRICT_ID)}?tab=voting`;

/** Whether the meeting is over on the given day: the day after it, read in UTC, and every day later. */
export function meetingHasPassed(today: Date, meetingDate: string = MEETING_DATE): boolean {
  return today.toISOString().slice(0, 10) > meetingDate;
}

/**
 * Words of a Board record's issue that name each agenda item; null for an information item, on which the Board
 * takes no vote. Whole words, any letter case: 'budget' does not name the LCAP ('…Accountability Plan (LCAP)').
 */
export const BOARD_VOTE_WORDS: Record<AgendaField, readonly string[] | null> = {
  budget: ['budget'],
  lcap: ['LCAP', 'Local Control and Accountability Plan'],
  esri_update: null,
  summer_projects: null,
  hoover_playground: ['playground'],
};

/** A Board record as the vote page needs it. */
export type BoardRecord = Pick<Voting, 'id' | 'voteDate' | 'issue' | 'outcome' | 'votes'>;

/** What the Board did with an agenda item at the meeting. */
export type BoardDecision =
  | { kind: 'information' }
  | { kind: 'vote'; id: number; outcome: string | null; votes: VoteItem[] }
  | { kind: 'not-recorded' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether an issue's text contains one of the words, as whole words, in any letter case. */
export function issueNames(issue: string | null | undefined, words: readonly string[]): boolean {
  if (!issue) return false;
  return words.some((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'iu').test(issue));
}

/**
 * How the Board decided an agenda item: an information item is one; otherwise the record of the meeting's date
 * whose issue names the item (the lowest id when several do), or not recorded.
 */
export function boardDecision(field: AgendaField, records: readonly BoardRecord[], meetingDate: string = MEETING_DATE): BoardDecision {
  const words = BOARD_VOTE_WORDS[field];
  if (words === null) return { kind: 'information' };
  const found = records
    .filter((record) => record.voteDate === meetingDate && issueNames(record.issue, words))
    .sort((a, b) => a.id - b.id)[0];
  return found ? { kind: 'vote', id: found.id, outcome: found.outcome, votes: found.votes } : { kind: 'not-recorded' };
}

/** Every agenda item's decision, for the page's props. */
export function boardDecisions(records: readonly BoardRecord[], meetingDate: string = MEETING_DATE): Record<AgendaField, BoardDecision> {
  return Object.fromEntries(AGENDA_FIELDS.map((field) => [field, boardDecision(field, records, meetingDate)])) as Record<AgendaField, BoardDecision>;
}

/** The members' votes grouped by what they voted, Yes first, then No, then the rest as they appear: 'Yes: A, B; No: C'. */
export function boardVoteLine(votes: readonly VoteItem[]): string {
  const groups = new Map<string, string[]>();
  const rank = (vote: string) => (vote === 'yes' ? 0 : vote === 'no' ? 1 : 2);
  for (const { name, vote } of votes) {
    const label = vote.trim();
    if (!label || label === '-' || !name.trim()) continue;
    const key = [...groups.keys()].find((known) => known.toLowerCase() === label.toLowerCase()) ?? label;
    groups.set(key, [...(groups.get(key) ?? []), name.trim()]);
  }
  return [...groups.entries()]
    .map(([vote, names], index) => ({ vote, names, index }))
    .sort((a, b) => rank(a.vote.toLowerCase()) - rank(b.vote.toLowerCase()) || a.index - b.index)
    .map(({ vote, names }) => `${vote}: ${names.join(', ')}`)
    .join('; ');
}

/** Where a Board vote is in the district page's Voting tab. */
export function boardVoteHref(id: number): string {
  return `${BOARD_VOTES_HREF}#${voteAnchor(id)}`;
}


/** One item's totals in the choices' own labels: 'Support 12, Oppose 3, Neutral / Unsure 2'. */
export function itemTotalsText(totals: ItemTotals): string {
  return CHOICES.map((choice) => `${CHOICE_LABELS[choice]} ${totals[choice]}`).join(', ');
}

/** When the residents' totals last changed, in the reader's time zone unless one is given: 'Nov 25, 2026, 3:04 PM'. */
export function formatTotalsUpdated(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** One item's line beside its card: its totals, how many answered, and when the totals last changed. */
export function residentTotalsLine(totals: ResidentTotals, field: AgendaField, timeZone?: string): string {
  return `${itemTotalsText(totals.items[field])} (${totals.answers} residents answered; last updated ${formatTotalsUpdated(totals.updatedAt, timeZone)}).`;
}

/** What the page says while the residents' totals are on their way. */
export const TOTALS_LOADING = 'Counting residents’ answers…';
/**
 * What the page says before the first totals. Answers are counted in batches from at least six senders, so that no
 * reader, whatever they sent themselves, can take their own answers away and be left with one person's.
 */
export const TOTALS_TOO_FEW = 'Residents’ totals appear here once at least six residents have answered: answers are counted in groups of six or more, so nobody’s answers can be picked out.';

/** What the page says when the residents' totals could not be loaded. */
export function totalsLoadFailure(reason: string): string {
  return `Residents’ totals could not be loaded: ${describeLoadFailure(reason)}.`;
}
