// The board's closed vocabulary in the reader's language: a member's vote (Yes, No, Abstain, Absent, Recused,
// Present), an outcome (Passed, Failed, Tabled, … with its detail kept: 'Passed (4-1)' → 'Aprobada (4-1)',
// '通过（4-1）') and the common categories (Budget, Curriculum, Facilities, …). A word is known when the record writes
// exactly one of these words, whatever its case and spaces; anything else the record says is shown as written and
// marked lang="en" on a translated page. English always shows the record as written.
import type { Locale } from '../../i18n/locales.ts';
import type { MessageValues } from '../../i18n/translate.ts';
import { splitOutcome } from './outcomes.ts';

/** Each vote the catalogue words, with the ways a record writes it. */
const VOTES = {
  yes: ['yes', 'aye', 'yea', 'y'],
  no: ['no', 'nay', 'n'],
  abstain: ['abstain', 'abstained', 'abstention'],
  absent: ['absent'],
  recused: ['recused', 'recusal', 'recuse'],
  present: ['present'],
} as const;

/** Each outcome the catalogue words, with the ways a record writes it (outcomes.ts judges the same words). */
const OUTCOMES = {
  passed: ['passed', 'pass', 'carried'],
  approved: ['approved'],
  adopted: ['adopted'],
  ratified: ['ratified'],
  accepted: ['accepted'],
  failed: ['failed', 'fail', 'defeated', 'not approved', 'not adopted'],
  rejected: ['rejected', 'denied'],
  tabled: ['tabled'],
  postponed: ['postponed'],
  continued: ['continued'],
  withdrawn: ['withdrawn'],
  noAction: ['no action', 'no action taken'],
} as const;

/** The words an outcome's detail may hold besides its counts ('Approved (consent agenda)'). */
const DETAILS = {
  consentAgenda: ['consent agenda', 'consent'],
  unanimous: ['unanimous', 'unanimously'],
} as const;

/** The common categories of a vote, with the ways a record writes them. */
const CATEGORIES = {
  budget: ['budget', 'budget and finance', 'finance'],
  calendar: ['calendar', 'school calendar'],
  consentAgenda: ['consent agenda', 'consent'],
  contracts: ['contracts', 'contract'],
  curriculum: ['curriculum', 'instruction', 'curriculum and instruction'],
  equity: ['equity'],
  facilities: ['facilities', 'facility'],
  governance: ['governance', 'board governance'],
  health: ['health', 'student health', 'health and wellness'],
  personnel: ['personnel', 'human resources', 'staffing'],
  policy: ['policy', 'board policy', 'policies'],
  safety: ['safety', 'school safety'],
  specialEducation: ['special education'],
  studentServices: ['student services'],
  technology: ['technology'],
  transportation: ['transportation'],
} as const;

export type VoteWord = keyof typeof VOTES;
export type OutcomeWord = keyof typeof OUTCOMES;
export type DetailWord = keyof typeof DETAILS;
export type CategoryWord = keyof typeof CATEGORIES;

/** The catalogue keys of the vocabulary, and the two messages that put an outcome's detail beside it. */
export type BoardKey =
  | `board.vote.${VoteWord}`
  | `board.outcome.${OutcomeWord}`
  | `board.detail.${DetailWord}`
  | `board.category.${CategoryWord}`
  | 'board.outcome.withDetail'
  | 'board.outcome.detail';

/** What a page's translator must do for these words: any of the site's translators does. */
export type BoardTranslator = (key: BoardKey, values?: MessageValues) => string;

/** Words shown on a page: the language's own (lang undefined), or the record's as written (lang 'en'). */
export interface ShownWords {
  text: string;
  lang: 'en' | undefined;
}

const normal = (value: string | null | undefined) =>
  (value ?? '').trim().replace(/\s+/g, ' ').replace(/[.:]$/, '').toLowerCase();

function lookup<W extends string>(table: Record<W, readonly string[]>, value: string | null | undefined): W | null {
  const word = normal(value);
  if (!word) return null;
  for (const [name, forms] of Object.entries(table) as [W, readonly string[]][]) if (forms.includes(word)) return name;
  return null;
}

/** The vote a record's word is ('YES ' → 'yes'), or null when it is not one of the board's votes. */
export function voteWord(vote: string | null | undefined): VoteWord | null {
  return lookup(VOTES, vote);
}

/** The category a record's word is ('Consent Agenda' → 'consentAgenda'), or null when it is not a common one. */
export function categoryWord(category: string | null | undefined): CategoryWord | null {
  return lookup(CATEGORIES, category);
}

/** An outcome's detail: counts ('4-1', '4-0-1'), a known word, or words of the record's own. */
export type OutcomeDetail = { counts: string } | { word: DetailWord } | { text: string };

/**
 * An outcome read as the vocabulary: its word and its detail ('Passed (4-1)' → passed, counts '4-1'), or null when its
 * word is not one of the board's outcomes or its detail is neither counts nor a known word.
 */
export function outcomeWords(
  outcome: string | null | undefined,
): { word: OutcomeWord; detail: Exclude<OutcomeDetail, { text: string }> | null } | null {
  const { text, detail } = splitOutcome(outcome);
  const word = lookup(OUTCOMES, text);
  if (!word) return null;
  if (!detail) return { word, detail: null };
  const inner = detail.slice(1, -1).trim();
  if (/^\d+(?:\s*-\s*\d+){1,2}$/.test(inner)) return { word, detail: { counts: inner.replace(/\s+/g, '') } };
  const known = lookup(DETAILS, inner);
  return known ? { word, detail: { word: known } } : null;
}

const asWritten = (locale: Locale, value: string): ShownWords => ({
  text: value,
  lang: locale === 'en' ? undefined : 'en',
});

/** A member's vote in the page's language ('Sí', '赞成'), or as the record wrote it when it is not a vote word. */
export function voteText(locale: Locale, t: BoardTranslator, vote: string): ShownWords {
  const word = locale === 'en' ? null : voteWord(vote);
  return word ? { text: t(`board.vote.${word}`), lang: undefined } : asWritten(locale, vote.trim());
}

/** A vote's category in the page's language ('Presupuesto', '预算'), or as the record wrote it. */
export function categoryText(locale: Locale, t: BoardTranslator, category: string): ShownWords {
  const word = locale === 'en' ? null : categoryWord(category);
  return word ? { text: t(`board.category.${word}`), lang: undefined } : asWritten(locale, category.trim());
}

/**
 * An outcome in the page's language, in two parts (the tables show them on two lines): 'Aprobada' and '(4-1)';
 * '通过' and '（4-1）'. An outcome outside the vocabulary is shown as written, both parts marked English.
 */
export function outcomeParts(
  locale: Locale,
  t: BoardTranslator,
  outcome: string | null | undefined,
): { text: ShownWords; detail: ShownWords | null } {
  const known = locale === 'en' ? null : outcomeWords(outcome);
  if (!known) {
    const { text, detail } = splitOutcome(outcome);
    return { text: asWritten(locale, text), detail: detail ? asWritten(locale, detail) : null };
  }
  const detail =
    known.detail && ('counts' in known.detail ? known.detail.counts : t(`board.detail.${known.detail.word}`));
  return {
    text: { text: t(`board.outcome.${known.word}`), lang: undefined },
    detail: detail ? { text: t('board.outcome.detail', { detail }), lang: undefined } : null,
  };
}

/** An outcome in the page's language in one line ('Aprobada (4-1)', '通过（4-1）'), or as written. */
export function outcomeText(locale: Locale, t: BoardTranslator, outcome: string | null | undefined): ShownWords {
  const known = locale === 'en' ? null : outcomeWords(outcome);
  if (!known) return asWritten(locale, (outcome ?? '').trim());
  const word = t(`board.outcome.${known.word}`);
  if (!known.detail) return { text: word, lang: undefined };
  const detail = 'counts' in known.detail ? known.detail.counts : t(`board.detail.${known.detail.word}`);
  return { text: t('board.outcome.withDetail', { outcome: word, detail }), lang: undefined };
}

/** Every message these words use: what a page or an island is given to word them. */
export const BOARD_KEYS: readonly BoardKey[] = [
  ...Object.keys(VOTES).map((word) => `board.vote.${word}` as BoardKey),
  ...Object.keys(OUTCOMES).map((word) => `board.outcome.${word}` as BoardKey),
  ...Object.keys(DETAILS).map((word) => `board.detail.${word}` as BoardKey),
  ...Object.keys(CATEGORIES).map((word) => `board.category.${word}` as BoardKey),
  'board.outcome.withDetail',
  'board.outcome.detail',
];
