// Every refusal the database can answer has its words: each code the migrations write (read from their source, by the
// shape of a code's literal, 'search.too_long') is one the site's table of server answers knows, whose message every
// catalogue has; the table knows no code the database never answers, and the catalogues hold no server answer's
// message that no code uses. What each form and search says its function answers is among those codes.
import { describe, expect, it } from 'vitest';
import { sourceFiles, statements } from '../../supabase/tests/schemaSource';
import { SERVER_CODES, codeKey } from '../../src/i18n/serverText';
import { catalogue } from '../../src/i18n/catalogues';
import { LOCALES } from '../../src/i18n/locales';
import { SUBMIT_ANSWERS } from '../../src/lib/data/agendaVotes';
import { SUBSCRIBE_ANSWERS } from '../../src/alerts/data/subscriptions';
import { CREATE_ALERT_ANSWERS } from '../../src/alerts/data/alerts';
import { SEARCH_ANSWERS } from '../../src/search/data/records';

/** The kinds of refusal: a field's problem, a form's, a limit, a search's, a topic vote's, an API read's. */
const KINDS = ['field', 'form', 'limit', 'search', 'topic', 'api'];
/** A quoted literal of a code: its kind and its name ('field.max_length'). */
const CODE_LITERAL = new RegExp(`'((?:${KINDS.join('|')})\\.[a-z_]+)'`, 'g');

/** The codes the migrations answer, outside their comments. */
function sqlCodes(): string[] {
  const found = sourceFiles()
    .flatMap(({ text }) => statements(text))
    .flatMap(({ sql }) => [...sql.matchAll(CODE_LITERAL)].map((match) => match[1]));
  return [...new Set(found)].sort();
}

/** The catalogues' messages for server answers: errors.<kind>.<name>. */
const answerKeys = (keys: string[]) =>
  keys.filter((key) => KINDS.some((kind) => key.startsWith(`errors.${kind}.`))).sort();

describe("the codes of the database's refusals", () => {
  it('are the ones the site words, no more and no fewer', () => {
    expect(sqlCodes()).toEqual([...SERVER_CODES].sort());
    expect(SERVER_CODES.filter((code) => !KINDS.includes(code.split('.')[0]))).toEqual([]);
  });

  it.each(LOCALES)('each has a message in the %s catalogue', (locale) => {
    const messages = catalogue(locale);
    expect(SERVER_CODES.filter((code) => !(codeKey(code)! in messages))).toEqual([]);
  });

  it("leave no server answer's message in the catalogues unused", () => {
    const used = new Set(SERVER_CODES.map((code) => codeKey(code)));
    expect(answerKeys(Object.keys(catalogue('en'))).filter((key) => !used.has(key))).toEqual([]);
  });

  it.each([
    ['submit_agenda_vote', SUBMIT_ANSWERS],
    ['subscribe', SUBSCRIBE_ANSWERS],
    ['create_alert', CREATE_ALERT_ANSWERS],
    ['search_records', SEARCH_ANSWERS],
  ] as const)('the codes %s is said to answer are all known', (_fn, codes) => {
    expect(codes.filter((code) => !(SERVER_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});
