// A phrase is found through its word pairs: each record's search_vector holds, beside its words, every two words that
// stand side by side as one more word ('staff board', private.with_word_pairs), and a phrase search asks the GIN index
// for its pairs (private.search_candidates), so a phrase of common words is found among the few records holding it,
// never by reading every record holding its words. Both rules, case by case, and a record too large for its pairs.
import { describe, expect, it } from 'vitest';
import { sql } from './helpers';

describe('private.with_word_pairs', () => {
  // [text, the tsvector with its pairs] (English configuration, as the search_vector columns use)
  const cases: [string, string][] = [
    ['Staff board', "'board':2 'staff':1 'staff board'"],
    // 'of' and 'the' are left out, leaving their places empty: 'staff' and 'board' are not side by side.
    ['The staff of the board meets', "'board':5 'board meet' 'meet':6 'staff':2"],
    // A word met twice pairs with both neighbours, and a pair met twice is one.
    ['budget vote budget vote', "'budget':1,3 'budget vote' 'vote':2,4 'vote budget'"],
    // A hyphenated word is three words in a row, as a phrase search reads it too.
    ['cell-phone policy', "'cell':2 'cell phone' 'cell-phon':1 'cell-phon cell' 'phone':3 'phone polici' 'polici':4"],
    ['Budget', "'budget':1"],
    ['', ''],
  ];
  it.each(cases)('%j holds %s', async (text, expected) => {
    const [{ vector }] = await sql<{ vector: string }>(
      "select private.with_word_pairs(to_tsvector('english', $1))::text as vector",
      [text],
    );
    expect(vector).toBe(expected);
  });

  it("keeps each word's weight and places, and pairs across the parts of a record (title, then text)", async () => {
    const [{ vector }] = await sql<{ vector: string }>(
      `select private.with_word_pairs(setweight(to_tsvector('english', 'Budget night'), 'A')
                                      || setweight(to_tsvector('english', 'staff report'), 'C'))::text as vector`,
    );
    expect(vector).toBe("'budget':1A 'budget night' 'night':2A 'night staff' 'report':4C 'staff':3C 'staff report'");
  });

  it("holds 'no word pairs' for a record whose pairs would not fit in a tsvector", async () => {
    // Two words of 1,100 letters: their pair (2,201 bytes) is longer than a tsvector's word may be (2,046).
    const [{ vector }] = await sql<{ vector: string }>(
      "select private.with_word_pairs(to_tsvector('simple', repeat('a', 1100) || ' ' || repeat('b', 1100)))::text as vector",
    );
    expect(vector).toBe(`'${'a'.repeat(1100)}':1 '${'b'.repeat(1100)}':2 'no word pairs'`);
  });
});

describe('private.search_candidates', () => {
  // [what is typed, what the GIN index is asked for]
  const cases: [string, string | null][] = [
    ['board', "'board'"],
    // A phrase's pairs, or (a record too large for its pairs) its words.
    ['"staff board"', "'staff board' | 'no word pairs' & 'staff' & 'board'"],
    ['"cell phone policy"', "'cell phone' & 'phone polici' | 'no word pairs' & 'cell' & 'phone' & 'polici'"],
    // Words a place apart ('of the' left out) are no pair: the words alone are asked for.
    ['"staff of the board"', "'staff' & 'board'"],
    ['"staff of the board meeting"', "'staff' & 'board meet' | 'no word pairs' & 'staff' & 'board' & 'meet'"],
    // A phrase in one branch of 'or' keeps its pairs in that branch.
    ['"mental health" or budget', "'mental health' | 'budget' | 'no word pairs' & ( 'mental' & 'health' | 'budget' )"],
    ['budget "cell phone"', "'budget' & 'cell phone' | 'no word pairs' & 'budget' & 'cell' & 'phone'"],
    // What is left out is not looked for in the index, nor its pairs.
    ['budget -"staff board"', "'budget'"],
    ['-"staff board"', null],
  ];
  it.each(cases)('%j asks for %s', async (typed, expected) => {
    const [{ candidates }] = await sql<{ candidates: string | null }>(
      "select private.search_candidates(websearch_to_tsquery('english', $1))::text as candidates",
      [typed],
    );
    expect(candidates).toBe(expected);
  });

  it("asks for nothing that typing can make: a search's own words never hold a space", async () => {
    const [{ words }] = await sql<{ words: string }>("select querytree(websearch_to_tsquery('english', $1)) as words", [
      '\'staff board\' "staff\u00a0board" staff_board',
    ]);
    expect(words).not.toMatch(/'[^' ]+ [^']+'/);
  });
});
