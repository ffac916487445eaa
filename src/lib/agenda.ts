// The 17 June 2025 board agenda vote (/votingPAUSD): the pure rules of its form and of the outcome shown beside each
// item once the meeting is over, in the page's language (the items' and choices' words are the catalogue's 'vote.*').
// The fields, choices and the shapes the database takes and answers are the agenda_votes table's (data/agendaVotes.ts).
import type { Voting, VoteItem } from './data/votings';
import {
  AGENDA_FIELDS,
  CHOICES,
  SUBMIT_ANSWERS,
  type AgendaField,
  type AgendaVoteSubmission,
  type Choice,
  type ResidentTotals,
} from './data/agendaVotes';
import type { FieldErrors, FormResult } from './data/formResult';
import type { ServerAnswer } from './data/serverAnswer';
import type { TotalsState } from './browser/residentTotals';
import { answerText } from '../i18n/serverText';
import { LOCALE_FACTS, type Locale } from '../i18n/locales';
import type { Translator } from '../i18n/translate';
import { districtPath, voteAnchor } from './paths';
import { MEETING_DATE, MEETING_DISTRICT_ID } from './agendaDistrict';

/** The board meeting the form is for (the hidden meeting_date field). */
export { MEETING_DATE };

/** Fields the resident can see and fix; their errors show beside them. */
export const VISIBLE_FIELDS = [...AGENDA_FIELDS, 'email', 'comments'] as const;
export type VisibleField = (typeof VISIBLE_FIELDS)[number];

/** The problem the server answers for a missing choice, which the island's own check answers too. */
export const MISSING_CHOICE: ServerAnswer = { code: 'field.choice' };
/** What the browser's own email check refuses, as the server's rule answers it. */
export const INVALID_EMAIL: ServerAnswer = { code: 'field.email_invalid' };

/** What the resident has entered so far. */
export interface VoteFormValues {
  choices: Partial<Record<AgendaField, Choice>>;
  email: string;
  comments: string;
}

export const EMPTY_VOTE_FORM: VoteFormValues = { choices: {}, email: '', comments: '' };

/** What submit_agenda_vote receives (see supabase/migrations/20261201000500_resident_voices.sql). */

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
  const choices = Object.fromEntries(AGENDA_FIELDS.map((field) => [field, values.choices[field]])) as Record<
    AgendaField,
    Choice
  >;
  return {
    idempotency_key: idempotencyKey,
    meeting_date: MEETING_DATE,
    ...choices,
    email: values.email.trim() || null,
    comments: values.comments.trim() || null,
  };
}

const isVisibleField = (field: string): field is VisibleField => (VISIBLE_FIELDS as readonly string[]).includes(field);

/** A field's label as its errors begin: the agenda item's title, Email, Comments, or the meeting date. */
function fieldLabel(field: string, t: Translator): string {
  if ((AGENDA_FIELDS as readonly string[]).includes(field)) return t(`vote.item.${field}.title`);
  if (field === 'email') return t('vote.email');
  if (field === 'comments') return t('vote.comments');
  if (field === 'meeting_date') return t('vote.field.meetingDate');
  return field;
}

/** The server's (or the island's) errors as the page shows them, in its language, each field's label first. */
export function displayedErrors(result: Pick<FormResult, 'errors' | 'form_errors'>, t: Translator): DisplayedErrors {
  const shown: DisplayedErrors = {
    fields: {},
    form: result.form_errors.map((reason) => answerText(reason, t, SUBMIT_ANSWERS)),
  };
  for (const [field, problems] of Object.entries(result.errors)) {
    if (problems.length === 0) continue;
    const text = t('vote.fieldError', {
      label: fieldLabel(field, t),
      problems: problems.map((problem) => answerText(problem, t, SUBMIT_ANSWERS)).join(t('vote.problemSeparator')),
    });
    if (isVisibleField(field)) shown.fields[field] = text;
    else shown.form.push(text);
  }
  return shown;
}

/**
 * The idempotency key for sending these answers: the last key again when the answers are the ones last sent (a
 * retry after a lost answer stores one row), a new key when any answer changed (the server refuses a known key
 * with other answers, so an edit is never silently dropped).
 */
export function keyForAnswers(
  last: { key: string; answers: string } | null,
  answers: string,
  newKey: () => string = newIdempotencyKey,
): { key: string; answers: string } {
  return last && last.answers === answers ? last : { key: newKey(), answers };
}

/** A fresh idempotency key for one form fill (crypto.randomUUID where the browser has it). */
export function newIdempotencyKey(
  random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto,
): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  // An RFC 4122 version 4 UUID from 16 random bytes, for browsers without randomUUID.
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// After the meeting: how the Board voted on each item, and the residents' totals beside it.

export { MEETING_DISTRICT_ID };

/** The district page's Voting tab, where every Board vote is listed. */
export const BOARD_VOTES_HREF = `${districtPath(MEETING_DISTRICT_ID)}?tab=voting`;

/** Whether the meeting is over on the given day: the day after it, read in UTC, and every day later. */
export function meetingHasPassed(today: Date, meetingDate: string = MEETING_DATE): boolean {
  return today.toISOString().slice(0, 10) > meetingDate;
}

/**
 * The page's opening sentence: before the meeting it asks for a preference before the Board votes; once the Board's
 * outcome is known (the decisions are given), it says the Board has voted and that each item shows how.
 */
export function introKey(decisions: unknown | null): 'vote.intro.beforeMeeting' | 'vote.intro.afterMeeting' {
  return decisions ? 'vote.intro.afterMeeting' : 'vote.intro.beforeMeeting';
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
  return words.some((word) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'iu').test(issue),
  );
}

/**
 * How the Board decided an agenda item: an information item is one; otherwise the record of the meeting's date
 * whose issue names the item (the lowest id when several do), or not recorded.
 */
export function boardDecision(
  field: AgendaField,
  records: readonly BoardRecord[],
  meetingDate: string = MEETING_DATE,
): BoardDecision {
  const words = BOARD_VOTE_WORDS[field];
  if (words === null) return { kind: 'information' };
  const found = records
    .filter((record) => record.voteDate === meetingDate && issueNames(record.issue, words))
    .sort((a, b) => a.id - b.id)[0];
  return found ? { kind: 'vote', id: found.id, outcome: found.outcome, votes: found.votes } : { kind: 'not-recorded' };
}

/** Every agenda item's decision, for the page's props. */
export function boardDecisions(
  records: readonly BoardRecord[],
  meetingDate: string = MEETING_DATE,
): Record<AgendaField, BoardDecision> {
  return Object.fromEntries(
    AGENDA_FIELDS.map((field) => [field, boardDecision(field, records, meetingDate)]),
  ) as Record<AgendaField, BoardDecision>;
}

/** The members' votes grouped by what they voted, Yes first, then No, then the rest as they appear. */
export function boardVoteGroups(votes: readonly VoteItem[]): { vote: string; names: string[] }[] {
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
    .map(({ vote, names }) => ({ vote, names }));
}

/** The members' votes grouped by what they voted (boardVoteGroups), in one English line: 'Yes: A, B; No: C'. */
export function boardVoteLine(votes: readonly VoteItem[]): string {
  return boardVoteGroups(votes)
    .map(({ vote, names }) => `${vote}: ${names.join(', ')}`)
    .join('; ');
}

/** Where a Board vote is in the district page's Voting tab. */
export function boardVoteHref(id: number): string {
  return `${BOARD_VOTES_HREF}#${voteAnchor(id)}`;
}

/**
 * Why the totals could not be loaded, after the page's words: a timeout or a lost connection, or that the server
 * could not send them; English keeps a short plain reason as it is.
 */
function loadFailure(reason: string, t: Translator, locale: Locale): string {
  const text = reason.trim();
  if (/^(TimeoutError|AbortError)\b/.test(text)) return t('errors.load.timeout');
  if (/^(TypeError|FetchError)\b/.test(text)) return t('errors.load.connection');
  if (locale !== 'en' || !text || text.length > 160 || /[<>{}]/.test(text)) return t('errors.load.server');
  return text;
}

/** One item's line: its totals in the choices' labels, how many answered, and when the totals last changed (in the reader's time zone unless one is given). */
function totalsLine(
  totals: ResidentTotals,
  field: AgendaField,
  t: Translator,
  locale: Locale,
  timeZone?: string,
): string {
  const counts = CHOICES.map((choice) => `${t(`vote.choice.${choice}`)} ${totals.items[field][choice]}`).join(', ');
  const updated = new Intl.DateTimeFormat(LOCALE_FACTS[locale].intl, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(totals.updatedAt));
  return t('vote.totals.line', { totals: counts, answers: String(totals.answers), updated });
}

/** The catalogue messages of the residents' totals: what the page gives its script that shows them (RESIDENT_TOTALS_KEYS). */
export const RESIDENT_TOTALS_KEYS = [
  ...CHOICES.map((choice) => `vote.choice.${choice}`),
  'errors.load.connection',
  'errors.load.server',
  'errors.load.timeout',
  'vote.outcome.residents',
  'vote.totals.failed',
  'vote.totals.line',
  'vote.totals.loading',
  'vote.totals.tooFew',
];

/**
 * What an item's residents' totals line shows: its label and its text, both empty while the totals are not asked for
 * (the server's page, and a page without script), when the line is hidden.
 */
export function residentTotalsParts(
  field: AgendaField,
  totals: TotalsState,
  t: Translator,
  locale: Locale,
): { label: string; text: string } {
  if (totals.status === 'idle') return { label: '', text: '' };
  return { label: t('vote.outcome.residents'), text: residentTotalsText(field, totals, t, locale) };
}

/** The residents' totals of an item as they stand: loading, too few answers yet, the counts, or why they are missing. */
export function residentTotalsText(
  field: AgendaField,
  totals: Exclude<TotalsState, { status: 'idle' }>,
  t: Translator,
  locale: Locale,
  timeZone?: string,
): string {
  if (totals.status === 'loading') return t('vote.totals.loading');
  if (totals.status === 'failed') return t('vote.totals.failed', { reason: loadFailure(totals.reason, t, locale) });
  if (totals.totals === null) return t('vote.totals.tooFew');
  return totalsLine(totals.totals, field, t, locale, timeZone);
}
