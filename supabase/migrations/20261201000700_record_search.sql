-- Search the record: every meeting summary, topic and board vote, found by Postgres full-text search and served
-- through PostgREST as /rest/v1/rpc/search_records, the same locally and on hosted Supabase.
--
-- Each searchable table has a generated tsvector column (search_vector: English configuration; the title weighted
-- above the body, markup stripped before indexing; each two words side by side also held as a pair, by which a phrase
-- is found) and a GIN index on it. search_records() ranks the matches by relevance, then newest, and pages through
-- them with a cursor. Its cost is bounded and so is its use per client:
--
--   * Refused with 400 and a code: a search of only words to leave out (`-board`, `a or -b`; search.only_left_out),
--     which no index can serve, so it would read every row of the record; more than 10 different words to look for
--     (search.too_many_words); more than 5 to leave out (search.too_many_left_out).
--   * At most 3 searches at once from one client address (private.client_address(), as the write limits use): a
--     fourth answers 429 (limit.searches) at once, so one client cannot hold every database connection while other
--     visitors wait.
--   * Every match is reachable: a search whose matches can all be ranked (at most 3,000 rows of a kind holding its
--     words) is ranked by relevance; one with more is answered newest first, paging through all of them. Why, and
--     the alternatives, are in docs/search.md.

create index meetings_search_idx on public.meetings using gin (search_vector);
create index topics_search_idx on public.topics using gin (search_vector);
create index votings_search_idx on public.votings using gin (search_vector);
-- A search with more matches than are ranked (a common word) is served newest first from these.
create index meetings_date_idx on public.meetings (date desc nulls last, id desc);
create index votings_date_idx on public.votings ("voteDate" desc nulls last, id desc);

-- The rows the GIN index finds for a search without reading their words: the search's indexable part (querytree: what
-- is left out dropped) with each phrase loosened, so the index answers it exactly. Each two words of a phrase side by
-- side (<->) become their pair as the index holds it (private.with_word_pairs: 'staff board'), and a phrase's other
-- words stay words ('staff' <3> 'board', 'of the' left out between them, needs both words); a record too large for
-- its pairs is asked for by its words ('no word pairs' & the phrase's words). Every row the search matches is among
-- them, counting them reads no row's words, and the planner expects about as many as hold the pairs. Null when no part
-- is indexable (a search only of words to leave out).
create function private.search_candidates(query tsquery)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when paired is not distinct from words then words::tsquery
              else format('( %s ) | ''no word pairs'' & ( %s )', paired, words)::tsquery end
    from (
      select nullif(string_agg(
               case when part[1] is null and pair then left(before, -1) || ' ' || right(after, -1)
                    when part[1] is null then loose
                    -- A word beside a pair is in it: between two pairs it joins them.
                    when pair_before and pair_after then ' & '
                    when pair_before or pair_after then ''
                    else part[1] end, '' order by n), 'T') as paired,
             nullif(string_agg(coalesce(part[1], loose), '' order by n), 'T') as words
        from (select *, coalesce(lag(pair) over (order by n), false) as pair_before,
                     coalesce(lead(pair) over (order by n), false) as pair_after
                from (select *,
                             -- Two words of a phrase side by side ('a' <-> 'b', neither a prefix nor of a weight).
                             coalesce(btrim(part[2]) = '<->' and before ~ '^''.*''$' and after ~ '^''.*''$'
                                      and octet_length(before || after) <= 2048, false) as pair
                        from (select m.part, m.n, regexp_replace(m.part[2], '<(-|[0-9]+)>', '&', 'g') as loose,
                                     lag(m.part[1]) over w as before, lead(m.part[1]) over w as after
                                from regexp_matches(querytree(query), '(''(?:[^'']|'''')*''(?::[*A-D]+)?)|([^'']+)', 'g') with ordinality as m(part, n)
                              window w as (order by m.n)) as parts) as paired_parts) as marked
    ) as loosened
$$;
comment on function private.search_candidates(tsquery) is 'The rows a search may match, as the GIN index finds them exactly: its indexable part, each phrase''s words side by side as their pairs; null when nothing is indexable.';

-- How many different words a search looks for (its indexable part's words) and how many parts it leaves out (-word or
-- -"a phrase": each a NOT).
create function private.search_terms(query tsquery, out looked_for integer, out left_out integer)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (select count(distinct lexeme[1])::integer from regexp_matches(querytree(query), '''((?:[^'']|'''')*)''', 'g') as lexeme),
         length(regexp_replace(query::text, '''(?:[^'']|'''')*''', '', 'g')) - length(replace(regexp_replace(query::text, '''(?:[^'']|'''')*''', '', 'g'), '!', ''))
$$;
comment on function private.search_terms(tsquery) is 'The number of different words a search looks for, and of the words or phrases it leaves out.';

-- A meeting's topics as a snippet reads them: 'Cell Phone Policy, Budget' (the column holds a JSON list, or one
-- string of topics as the site shows it), never the list's JSON.
create function private.topics_text(topics jsonb)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case jsonb_typeof(topics)
           when 'array' then (select string_agg(item #>> '{}', ', ' order by n) from jsonb_array_elements(topics) with ordinality as t(item, n)
                               where jsonb_typeof(item) in ('string', 'number'))
           when 'string' then topics #>> '{}'
           else ''
         end
$$;
comment on function private.topics_text(jsonb) is 'A meeting''s topics as text (''Cell Phone Policy, Budget''), whether the column holds a list or one string.';

-- A vote's members grouped by how they voted, the smallest group first (Yes last among groups of one size), so a
-- snippet says who dissented before it lists the majority: 'No: James Lindqvist · Yes: Maria Okafor, Priya Raman, Daniel Whitfield, Sofia Delgado-Reyes'.
-- A member without a vote ('-' or empty) is under 'No vote recorded', as the site's tables explain '-'. The votes are
-- read through private.vote_list (a JSON list, or a string holding one; anything else is no votes).
create function private.votes_by_choice(votes jsonb)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((
    select string_agg(choice || ': ' || names, ' · ' order by members, lower(choice) in ('yes', 'aye'), first_at)
      from (select case when coalesce(btrim(member ->> 'vote'), '') in ('', '-') then 'No vote recorded' else btrim(member ->> 'vote') end as choice,
                   string_agg(btrim(member ->> 'name'), ', ' order by n) as names, count(*) as members, min(n) as first_at
              from jsonb_array_elements(private.vote_list(votes)) with ordinality as m(member, n)
             where jsonb_typeof(member) = 'object' and coalesce(btrim(member ->> 'name'), '') <> ''
             group by 1) as grouped), '')
$$;
comment on function private.votes_by_choice(jsonb) is 'A vote''s members by how they voted, the smallest group (the dissent) first: ''No: Jane Doe · Yes: John Roe, …''.';

-- A text's words in order, lower case, letters and digits only: how a snippet's excerpt is compared with its text.
create function private.words_of(body text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(array_agg(m[1]), '{}') from regexp_matches(lower(coalesce(body, '')), '([[:alnum:]]+)', 'g') as m
$$;
comment on function private.words_of(text) is 'A text''s words in order, lower case, letters and digits only (how a snippet''s excerpt is compared with its text).';
revoke all on function private.words_of(text) from public;

-- The search, in two steps, in one of two orders decided on its first page (the cursor carries it on):
--
-- 1. Relevance, where every match can be ranked. The rows holding every word looked for, and each phrase's word
--    pairs (search_candidates), are found exactly by the GIN index; the search's own rows among them (a phrase of
--    three words side by side, nothing left out) only by reading each row's words. When each kind has at most 3,000
--    such rows (counted through the index up to 3,001; the planner's estimate first, so a word it expects in more
--    than 30,000 rows, or a phrase it expects in more than 3,000, is not counted), all of them are gathered, the
--    matches among them ranked (ts_rank_cd: how often and how close the words are, title above topics above body),
--    newest first among equals, and the page after the cursor taken.
-- 2. Newest first, where a kind has more: every match, newest first (date, then kind, then id; topics, which have
--    no date, after every dated record), each kind walked through its date index (the primary key for topics) from
--    the cursor with the search as a filter, until a page is found; once the kinds walked have found a page of dated
--    rows, the next kind is walked only down to its oldest date. No match is out of reach: paging goes on to the
--    oldest.
-- Newest first may also be asked for (order_by 'newest': a feed, or a reader who wants the latest): a search whose
-- matches can all be ranked is then gathered as in 1 and given in date order, one with more is served as in 2.
-- Relevance cannot be asked for where there are more matches than are ranked; the answer says it is newest first.
-- On the first page every row also carries the order and the count of matches: exact for relevance; for newest
-- first counted up to 1,000 a kind, and no kind after one with more, with more_matches saying there are more than it
-- says.
-- Only the page's rows get a snippet.
--
-- plpgsql with EXECUTE so each statement is planned for its own words. Security definer: it reads only the four
-- public tables, which anyone may read, and as their owner its filters use the GIN indexes; as anon, row-level
-- security's restrictive policy would keep the planner from using them (@@ is not leakproof).
create function private.search_records(
  search_text text, only_district bigint, only_kinds text[], from_date date, to_date date, wanted integer, after text,
  only_state text, order_by text)
returns table (kind text, district_id bigint, district_name text, item_id bigint, date date, title text, snippet text, href text, cursor text,
               ordered text, matches integer, more_matches boolean)
language plpgsql
-- volatile because it asks the planner for its estimate (EXPLAIN) and takes a lock per search; it writes nothing,
-- and the public wrapper is stable.
volatile
security definer
set search_path = ''
as $$
declare
  gather_limit constant integer := 3000;
  count_limit constant integer := 1000;
  -- Words newest first: the rows a walk reads before it asks the GIN index (window_rows), and the most matches then
  -- gathered and sorted (most_gathered); below, where the walk is.
  window_rows constant integer := 5000;
  most_gathered constant integer := 20000;
  most_looked_for constant integer := 10;
  most_left_out constant integer := 5;
  searches_at_once constant integer := 3;
  needle text := btrim(coalesce(search_text, ''));
  query tsquery;
  candidates tsquery;
  terms record;
  caller text;
  slot integer;
  chosen text[] := coalesce(only_kinds, array['meeting', 'topic', 'vote']);
  size integer := coalesce(wanted, 20);
  newest boolean := false;
  after_rank real;
  after_date date;
  after_kind text;
  after_id bigint;
  parts text[];
  source record;
  counted integer;
  walked integer;
  -- Newest first: the oldest date a row needs to be on the page once the kinds walked have found a page of dated
  -- rows (any older row, and every row without a date, comes after them), else null.
  page_day date;
  -- Whether this page still counts the matches (the first page, until a kind has more than 1,000).
  counting boolean;
  expected numeric;
  day_column text;
  slice text;
  gather text;
  plan json;
  total integer := 0;
  capped boolean := false;
  kinds text[] := '{}';
  ids bigint[] := '{}';
  districts bigint[] := '{}';
  days date[] := '{}';
  ranks real[] := '{}';
  more_ids bigint[];
  more_districts bigint[];
  more_days date[];
  more_ranks real[];
  seq_scans text;
  bitmap_scans text;
  index_scans text;
  -- Words newest first: the matches the bounded walk found (seen_*, found of them), where it ended (edge_*: its last
  -- row, none when it read fewer rows than its bound), and whether the kind's dated rows are all told.
  seen_ids bigint[];
  seen_districts bigint[];
  seen_days date[];
  found integer;
  edge_day date;
  edge_id bigint;
  dated_done boolean;
  dated_after text;
  after_edge text;
  -- Whether a phrase's matches of this kind were all counted (at most 1,000), and its page taken from them.
  few boolean;
  -- Whether a phrase's kind is read from the rows holding its candidates (counted, or few expected), not walked.
  read_candidates boolean;
  -- Whether the search holds a phrase (its words side by side: <-> in the query).
  phrase boolean;
  -- A state's districts, as a filter (the state is checked to be two capital letters before it is written in).
  state_slice text := case when only_state is null then '' else format(' and x."districtId" in (select d.id from public.districts d where d.state = %L)', only_state) end;
begin
  if length(needle) > 200 then
    raise exception 'search.too_long' using detail = jsonb_build_object('max', 200, 'length', length(needle))::text, errcode = '22023';
  end if;
  if size < 1 or size > 50 then
    raise exception 'search.page_size' using detail = jsonb_build_object('min', 1, 'max', 50)::text, errcode = '22023';
  end if;
  if not chosen <@ array['meeting', 'topic', 'vote'] then
    raise exception 'search.kinds' using errcode = '22023';
  end if;
  if from_date is not null and to_date is not null and from_date > to_date then
    raise exception 'search.dates' using errcode = '22023';
  end if;
  if only_state is not null and only_state !~ '^[A-Z]{2}$' then
    raise exception 'search.state' using errcode = '22023';
  end if;
  if order_by is not null and order_by not in ('relevance', 'newest') then
    raise exception 'search.sort' using errcode = '22023';
  end if;
  if after is not null then
    -- A relevance page's cursor starts with the last row's rank, a newest-first page's with 'new'.
    parts := string_to_array(after, '|');
    if array_length(parts, 1) is distinct from 4 or parts[1] !~ '^([0-9.e+-]+|new)$' or parts[2] !~ '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$'
       or parts[3] not in ('meeting', 'topic', 'vote') or parts[4] !~ '^[0-9]{1,18}$' then
      raise exception 'search.cursor' using errcode = '22023';
    end if;
    newest := parts[1] = 'new';
    after_rank := case when newest then null else parts[1]::real end;
    after_date := nullif(parts[2], '')::date;
    after_kind := parts[3];
    after_id := parts[4]::bigint;
  end if;
  -- websearch_to_tsquery takes any text without error: quotes make a phrase, -word excludes, 'or' means either, and
  -- every other operator or wildcard character is read as a separator.
  query := websearch_to_tsquery('english', needle);
  -- Words, but every one too common to be indexed ('the', 'and of'): said, so the page can say why nothing is found.
  if needle <> '' and numnode(query) = 0 and needle ~ '[[:alnum:]]' then
    raise exception 'search.stop_words' using errcode = '22023';
  end if;
  if needle = '' or numnode(query) = 0 then
    return;
  end if;
  candidates := private.search_candidates(query);
  if candidates is null then
    raise exception 'search.only_left_out' using errcode = '22023';
  end if;
  terms := private.search_terms(query);
  if terms.looked_for > most_looked_for then
    raise exception 'search.too_many_words' using detail = jsonb_build_object('max', most_looked_for, 'count', terms.looked_for)::text, errcode = '22023';
  end if;
  if terms.left_out > most_left_out then
    raise exception 'search.too_many_left_out' using detail = jsonb_build_object('max', most_left_out, 'count', terms.left_out)::text, errcode = '22023';
  end if;

  -- A few searches at once per client: each holds one of its slots until its transaction ends (PostgREST runs each
  -- request in one). Requests from outside the API (no client address: an operator's own connection) take none.
  caller := private.client_address();
  if caller is not null then
    slot := 1;
    while not pg_try_advisory_xact_lock(hashtext('search_records'), hashtext(caller || ' ' || slot)) loop
      slot := slot + 1;
      if slot > searches_at_once then
        -- PT429: PostgREST answers it with HTTP 429 and this code.
        raise exception 'limit.searches' using errcode = 'PT429';
      end if;
    end loop;
  end if;

  -- Every statement reads through an index (GIN, date or primary key, or the district's), never the whole table,
  -- which the planner could pick for words it expects in many rows.
  seq_scans := current_setting('enable_seqscan');
  bitmap_scans := current_setting('enable_bitmapscan');
  index_scans := current_setting('enable_indexscan');
  phrase := query::text ~ ' <(-|[0-9]+)> ';
  perform set_config('enable_seqscan', 'off', true);

  -- 1. Relevance while every kind's matches can be ranked: gathered, kind by kind; a kind with more turns the search
  --    to newest first.
  if not newest then
    for source in
      select * from (values
        ('meeting', 'meetings', 'date'),
        ('topic', 'topics', null),   -- topics have no date: a date filter keeps only dated records
        ('vote', 'votings', 'voteDate')) as t(kind, tab, day)
      where t.kind = any(chosen) and (t.day is not null or (from_date is null and to_date is null))
    loop
      day_column := case when source.day is null then 'null::date' else format('x.%I', source.day) end;
      slice := format('($3::bigint is null or x."districtId" = $3)%s%s',
        case when source.day is null then '' else format(' and ($4::date is null or x.%1$I >= $4) and ($5::date is null or x.%1$I <= $5)', source.day) end,
        state_slice);
      -- How many rows hold every word looked for, as the planner expects: right about one word, or a phrase's one
      -- pair; several it takes as independent, so it seldom expects too many. Ten times the gathering's bound turns
      -- the search to newest first at once; for a phrase the bound itself does, since the pairs of a longer phrase are
      -- seldom independent (they stand together), so the planner expects fewer rows than hold them, and reading 3,001
      -- of them to find out would cost most of such a search (36 ms of 61 for "mental health" at 20,000 districts).
      execute format('explain (format json) select 1 from public.%I x where x.search_vector @@ $2 and %s', source.tab, slice)
        into plan using query, candidates, only_district, from_date, to_date;
      expected := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
      if expected > (case when phrase then gather_limit else 10 * gather_limit end) then
        newest := true;
        exit;
      end if;
      -- The gathering: the rows holding every word looked for, counted up to one more than are ranked, through the
      -- GIN index, which answers the loosened search exactly, so counting reads no row's words; when there are at
      -- most 3,000, the search's matches among them, ranked.
      gather := format(
        'with c as materialized (
           select x.id, x."districtId" as district, %1$s as day, x.search_vector from public.%2$I x
            where x.search_vector @@ $2 and %3$s limit %4$s),
         n as (select count(*)::integer as n from c)
         select n.n, r.ids, r.districts, r.days, r.ranks from n left join lateral (
           select array_agg(c.id) as ids, array_agg(c.district) as districts, array_agg(c.day) as days,
                  array_agg(ts_rank_cd(c.search_vector, $1)) as ranks
             from c where n.n <= %5$s%6$s) r on true',
        day_column, source.tab, slice, gather_limit + 1, gather_limit,
        -- Every row holding the words is a match when the search is only words (no phrase, nothing left out).
        case when query = candidates then '' else ' and c.search_vector @@ $1' end);
      execute gather into counted, more_ids, more_districts, more_days, more_ranks
        using query, candidates, only_district, from_date, to_date;
      if counted > gather_limit then
        newest := true;
        exit;
      end if;
      if more_ids is null then
        continue;
      end if;
      kinds := kinds || array_fill(source.kind, array[cardinality(more_ids)]);
      ids := ids || more_ids;
      districts := districts || more_districts;
      days := days || more_days;
      -- Newest first asked for: every rank the same, so the page's order is the date's.
      ranks := ranks || case when order_by = 'newest' then array_fill(0::real, array[cardinality(more_ids)]) else more_ranks end;
    end loop;
    total := cardinality(ids);
  end if;

  -- 2. Newest first: each kind's next page of matches after the cursor, through its date index (dated rows newest
  --    first, then a vote without a date by id) or the primary key (topics), the search a filter on the rows walked.
  if newest then
    kinds := '{}';
    ids := '{}';
    districts := '{}';
    days := '{}';
    ranks := '{}';
    total := 0;
    -- The dated kinds first, so that their page bounds the walks after them, and topics (no date) last.
    for source in
      select * from (values
        ('meeting', 'meetings', 'date'),
        ('vote', 'votings', 'voteDate'),
        ('topic', 'topics', null)) as t(kind, tab, day)
      where t.kind = any(chosen) and (t.day is not null or (from_date is null and to_date is null))
    loop
      day_column := case when source.day is null then 'null::date' else format('x.%I', source.day) end;
      slice := format('($3::bigint is null or x."districtId" = $3)%s%s',
        case when source.day is null then '' else format(' and ($4::date is null or x.%1$I >= $4) and ($5::date is null or x.%1$I <= $5)', source.day) end,
        state_slice);
      -- The order is (date, kind, id), newest first, a row without a date after every dated one: after the cursor are
      -- the dated rows before its date, or on it of a kind or id below it; and the rows without a date, all of them
      -- when the cursor is dated, else those of a kind or id below it. The dated rows are ordered 'desc nulls last', as
      -- the date indexes are, though none is null there: 'desc' alone means nulls first, an order no index has, and
      -- the planner then gathers every match through the GIN index and sorts them all (216 ms for a common word at
      -- 20,000 districts, against a walk of a page's rows).
      -- Once the kinds before have found a page of dated rows, this kind is walked only down to the oldest of them
      -- (page_day), and its rows without a date not at all: no other row can be on the page. A kind whose matches are
      -- few among the rows holding its words (votes for "staff of the board" at 20,000 districts: none among 300,000)
      -- is then read for a few days' rows, not to its end (1.2 s, against a page of meetings).
      -- The first page also counts the matches, up to 1,000 a kind; once a kind has more, the count is 'more than'
      -- (more_matches) and the kinds after it are not counted. Words are counted by walking on to 1,001 matches, since
      -- counting through the GIN index reads every row holding the words first (46 ms for a word in every meeting at
      -- 20,000 districts, against about 5 for the walk). Not a phrase: the planner expects a phrase in a small share
      -- of the rows it is in ("cell phone policy" in 1,020 meetings, against 38,395), so for any page it would gather
      -- and sort every match (172 ms; 281 for "mental health" asked for 1,001) rather than walk the rows that hold
      -- it. A phrase's page is walked, bitmap scans off, and it is counted through the GIN index (24 ms).
      counting := after is null and not capped;
      walked := case when counting and not phrase then count_limit + 1 else size end;
      -- A phrase is counted first, through the GIN index by its candidates (its pairs: fenced by offset 0, so the
      -- planner cannot take the phrase's own words to the index, every row holding them), each checked against the
      -- phrase. A kind with at most 1,000 matches, all counted, takes its page from them: a walk among few matches
      -- reads up to every row ("staff board" at five school years, expected in more meetings than are ranked but in
      -- none: the walk, and a count by the phrase's words, read 1.2 million meetings, past the 3-second statement
      -- timeout). A kind with more is walked.
      -- A page that does not count (a later page, or a kind after one with more than 1,000) takes the same way when the
      -- planner expects few rows holding the candidates (at most 3,000): then it reads those rows, not a walk's. The
      -- votes for "staff of the board" at 20,000 districts: none holds both words, and the walk down to the meetings'
      -- page read a week's votes (8,201) to find none, 51 ms against 0.1.
      -- Once a page of dated rows is found (page_day), a kind without a date has no row on it, and a dated kind's walk
      -- reads only the rows down to that day: its candidates are read instead only when the planner expects fewer of
      -- them than of those rows. The votes of "cell phone policy" at 20,000 districts: 2,156 expected holding its pairs
      -- (24,930 do: pairs that stand together are not independent), none on the page's days, so the walk reads none
      -- where the candidates' reading took 18 ms.
      few := false;
      read_candidates := counting;
      if phrase and not counting then
        execute format('explain (format json) select 1 from public.%I x where x.search_vector @@ $2 and %s', source.tab, slice)
          into plan using query, candidates, only_district, from_date, to_date;
        expected := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
        read_candidates := expected <= gather_limit;
        if read_candidates and page_day is not null and source.day is null then
          read_candidates := false;
        elsif read_candidates and page_day is not null then
          execute format('explain (format json) select 1 from public.%I x where %s >= $6 and %s',
                         source.tab, day_column, slice)
            into plan using query, candidates, only_district, from_date, to_date, page_day;
          read_candidates := expected < (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
        end if;
      end if;
      if phrase and read_candidates then
        execute format(
          'with c as materialized (
             select x.id, x.district, x.day from (
               select x.id, x."districtId" as district, %1$s as day, x.search_vector from public.%2$I x
                where x.search_vector @@ $2 and %3$s%5$s offset 0) x
              where x.search_vector @@ $1 limit %4$s),
           p as (select * from c where $6::date is null or c.day >= $6 order by c.day desc nulls last, c.id desc limit $7)
           select (select count(*)::integer from c), array_agg(p.id order by p.day desc nulls last, p.id desc),
                  array_agg(p.district order by p.day desc nulls last, p.id desc),
                  array_agg(p.day order by p.day desc nulls last, p.id desc) from p',
          day_column, source.tab, slice, count_limit + 1,
          -- After the cursor (the order is the walk's below): on a dated cursor, the rows without a date and those
          -- before it; on one without a date, the rows without a date of a kind or id below it.
          case when after_kind is null then ''
               when after_date is null then format(' and %1$s is null and (%2$L < $8 or (%2$L = $8 and x.id < $9))', day_column, source.kind)
               else format(' and (%1$s is null or %1$s < $10 or (%1$s = $10 and (%2$L < $8 or (%2$L = $8 and x.id < $9))))',
                           day_column, source.kind) end)
          into counted, more_ids, more_districts, more_days
          using query, candidates, only_district, from_date, to_date, page_day, size, after_kind, after_id, after_date;
        few := counted <= count_limit;
      end if;
      if phrase and not few then
        perform set_config('enable_bitmapscan', 'off', true);
      end if;
      -- Words (not a phrase), newest first: a walk down the date index until it has its page (or the 1,001 a count
      -- needs) reads on to the end when the matches are few among the rows: `board -meeting` at five school years is in
      -- none of the 1.2 million meetings holding 'board' (each holds 'meeting'), and its walk read them all (14.7 s).
      -- So the walk first reads a window, the newest 5,000 dated rows after the cursor (window_rows; 50 ms there).
      -- When they do not hold the page and hold fewer than a quarter of what is still wanted, the matches are few: the
      -- rest are read through the GIN index, which answers words and words left out without reading a row (every row
      -- holding 'board' told in 81 ms), and sorted, when there are at most 20,000 of them (most_gathered). Otherwise
      -- (more of them, or matches no sparser than a quarter) the walk goes on from where the window ended. The
      -- planner's estimate cannot choose: it takes a word left out as independent of the words looked for, so it
      -- expects 75,562 meetings for `board -meeting` (none) and 1 for `board -staffing -calendar -enrollment -speakers
      -- -trustee` (16,842; the window holds the newest 1,001 of them: 9 ms, against 441 through the index).
      -- The dated rows after the cursor (the order is (date, kind, id), newest first), and after the window's end.
      dated_after := case when after_kind is null then ''
                          when after_date is null then ' and false'
                          else format(' and %1$s <= $6 and (%1$s < $6 or %2$L < $7 or (%2$L = $7 and x.id < $8))',
                                      day_column, source.kind) end;
      after_edge := '';
      found := 0;
      seen_ids := null;
      seen_districts := null;
      seen_days := null;
      edge_day := null;
      edge_id := null;
      dated_done := false;
      if not few and not phrase and source.day is not null then
        execute format(
          'select array_agg(w.id order by w.n) filter (where w.hit),
                  array_agg(w.district order by w.n) filter (where w.hit), array_agg(w.day order by w.n) filter (where w.hit),
                  max(w.day) filter (where w.n = %5$s), max(w.id) filter (where w.n = %5$s) from (
             select r.* from (
               select s.id, s.district, s.day, s.search_vector @@ $1 as hit, row_number() over () as n from (
                 select x.id, x."districtId" as district, %1$s as day, x.search_vector from public.%2$I x
                  where %1$s is not null and %3$s%4$s and ($10::date is null or %1$s >= $10)
                  order by %1$s desc nulls last, x.id desc limit %5$s) s) r
              where r.hit or r.n = %5$s limit $9) w',
          day_column, source.tab, slice, dated_after, window_rows)
          into seen_ids, seen_districts, seen_days, edge_day, edge_id
          using query, candidates, only_district, from_date, to_date, after_date, after_kind, after_id, walked,
                case when counting then null else page_day end;
        found := coalesce(cardinality(seen_ids), 0);
        -- The window ends before its last row when it has its page, or holds fewer rows than its size.
        dated_done := found >= walked or edge_id is null;
        if edge_id is not null then
          after_edge := format(' and %1$s <= $11 and (%1$s < $11 or x.id < $12)', day_column);
        end if;
      end if;
      if not dated_done and edge_id is not null and found * 3 < walked - found then
        -- Bitmap scans only: a scan down the date index, stopped at the first 20,001 rows, is what the planner would
        -- pick, and it is the walk again.
        perform set_config('enable_indexscan', 'off', true);
        execute format(
          'with c as materialized (
             select x.id, x."districtId" as district, %1$s as day from public.%2$I x
              where x.search_vector @@ $1 and %1$s is not null and %3$s%4$s and ($10::date is null or %1$s >= $10)
              limit %5$s),
           p as (select * from c order by c.day desc nulls last, c.id desc limit $9)
           select (select count(*)::integer from c), array_agg(p.id order by p.day desc nulls last, p.id desc),
                  array_agg(p.district order by p.day desc nulls last, p.id desc),
                  array_agg(p.day order by p.day desc nulls last, p.id desc) from p',
          day_column, source.tab, slice, after_edge, most_gathered + 1)
          into counted, more_ids, more_districts, more_days
          using query, candidates, only_district, from_date, to_date, after_date, after_kind, after_id, walked - found,
                case when counting then null else page_day end, edge_day, edge_id;
        perform set_config('enable_indexscan', index_scans, true);
        if counted <= most_gathered then
          dated_done := true;
          -- An array joined to null is itself: no match on either side is no match at all.
          seen_ids := seen_ids || more_ids;
          seen_districts := seen_districts || more_districts;
          seen_days := seen_days || more_days;
          found := coalesce(cardinality(seen_ids), 0);
        end if;
      end if;
      if not few then
        more_ids := seen_ids;
        more_districts := seen_districts;
        more_days := seen_days;
      end if;
      -- The walk (or the rest of it, after the window), then the rows without a date.
      if not few and found < walked then
        execute format(
          'select array_agg(id order by day desc nulls last, id desc), array_agg(district order by day desc nulls last, id desc),
                  array_agg(day order by day desc nulls last, id desc) from (
             (select x.id, x."districtId" as district, %1$s as day from public.%2$I x
               where %1$s is not null and x.search_vector @@ $1 and %3$s%4$s%6$s and ($10::date is null or %1$s >= $10)
               order by %1$s desc nulls last, x.id desc limit $9)
             union all
             (select x.id, x."districtId" as district, %1$s as day from public.%2$I x
               where %1$s is null and x.search_vector @@ $1 and %3$s%5$s and $10::date is null
               order by x.id desc limit $9)) c',
          day_column, source.tab, slice, dated_after,
          case when after_kind is null or after_date is not null then ''
               else format(' and (%1$L < $7 or (%1$L = $7 and x.id < $8))', source.kind) end,
          case when dated_done then ' and false' else after_edge end)
          into more_ids, more_districts, more_days
          using query, candidates, only_district, from_date, to_date, after_date, after_kind, after_id, walked - found,
                case when counting and not phrase then null else page_day end, edge_day, edge_id;
        more_ids := seen_ids || more_ids;
        more_districts := seen_districts || more_districts;
        more_days := seen_days || more_days;
      end if;
      perform set_config('enable_bitmapscan', bitmap_scans, true);
      if counting and not phrase then
        -- Counted by the walk; the page is the newest of them.
        counted := coalesce(cardinality(more_ids), 0);
        more_ids := more_ids[1:size];
        more_districts := more_districts[1:size];
        more_days := more_days[1:size];
      end if;
      if counting then
        capped := counted > count_limit;
        total := total + least(counted, count_limit);
      end if;
      if more_ids is null then
        continue;
      end if;
      kinds := kinds || array_fill(source.kind, array[cardinality(more_ids)]);
      ids := ids || more_ids;
      districts := districts || more_districts;
      days := days || more_days;
      ranks := ranks || array_fill(0::real, array[cardinality(more_ids)]);
      -- The oldest date of the newest page of dated rows found so far.
      page_day := (select d from unnest(days) as d where d is not null order by d desc offset size - 1 limit 1);
    end loop;
  end if;
  perform set_config('enable_seqscan', seq_scans, true);

  -- A statement of its own (not EXECUTE), so its plan is kept from one search to the next. Newest first, every rank is
  -- 0, so the order is (date, kind, id).
  return query
    with hits as (
      select * from unnest(kinds, ids, districts, days, ranks) as h(kind, id, district, day, rank)
    ),
    page as (
      select h.* from hits h
       where after is null
          or newest
          or (h.rank, coalesce(h.day, '-infinity'::date), h.kind, h.id)
             < (after_rank, coalesce(after_date, '-infinity'::date), after_kind, after_id)
       order by h.rank desc, coalesce(h.day, '-infinity'::date) desc, h.kind desc, h.id desc
       limit size
    ),
    -- Materialized, as are the two steps after it: each row's body is read once and quoted once. Inlined, every
    -- expression that names a column of a step computes that column again (the body seven times a row).
    shown as materialized (
      select p.kind, p.district, p.id, p.day, p.rank,
             case p.kind
               -- The card's title (src/lib/record/meetingTitles.ts meetingTitle): 'Board Meeting' when none, a type other than
               -- 'normal' capitalised before it unless the title starts with it.
               when 'meeting' then (
                 select case when kind_of = '' or lower(kind_of) = 'normal' or left(lower(base), length(kind_of)) = lower(kind_of) then base
                             else upper(left(kind_of, 1)) || substr(kind_of, 2) || ' ' || base end
                   from (select coalesce(nullif(btrim(m.title), ''), 'Board Meeting') as base, coalesce(btrim(m.meeting_type), '') as kind_of) as named)
               when 'topic' then t.title
               else coalesce(nullif(btrim(v.issue), ''), 'Vote')
             end as title,
             case p.kind
               -- The meeting's topics after its summary, apart from it as a vote's parts are.
               when 'meeting' then concat_ws(' · ', nullif(private.plain_text(m.summary), ''), nullif(private.topics_text(m.topics), ''))
               when 'topic' then private.plain_text(t.description)
               else concat_ws(' · ', v.category, v.outcome, private.votes_by_choice(v.votes))
             end as body
        from page p
        left join public.meetings m on p.kind = 'meeting' and m.id = p.id
        left join public.topics t on p.kind = 'topic' and t.id = p.id
        left join public.votings v on p.kind = 'vote' and v.id = p.id
    ),
    -- Whether the excerpt starts and ends where the text does, by their first and last three words (ts_headline
    -- leaves out what looks like a tag, so the characters may differ where the words do not), read from the text's
    -- first and last 300 characters only, whatever its length.
    excerpts as materialized (
      select s.*,
             btrim(regexp_replace(ts_headline('english', s.body, query,
               'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
               '\s+', ' ', 'g')) as excerpt,
             private.words_of(left(s.body, 300)) as head, private.words_of(right(s.body, 300)) as tail
        from shown s
    ),
    quoted as materialized (
      select e.*, private.words_of(e.excerpt) as words from excerpts e
    )
    select x.kind, x.district, d.name, x.id, x.day, x.title,
           -- The excerpt, escaped for HTML, then the match marks put in: the only markup a snippet carries. An
           -- excerpt that starts or ends inside the text says so with '…', as its fragments are joined.
           replace(replace(
             replace(replace(replace(replace(
               case when x.words[1:3] = x.head[1:3] then '' else '… ' end
               || x.excerpt
               || case when x.words[greatest(cardinality(x.words) - 2, 1):] = x.tail[greatest(cardinality(x.tail) - 2, 1):]
                       then '' else ' …' end,
               '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
             chr(1), '<mark>'), chr(2), '</mark>'),
           case x.kind
             when 'meeting' then '/' || x.district || '?tab=Meetings#meeting-' || to_char(x.day, 'MM-DD-YY')
             when 'topic' then '/' || x.district || '?tab=topics#topic-' || x.id
             else '/' || x.district || '?tab=voting#vote-' || x.id
           end,
           case when newest then 'new' else x.rank::text end || '|' || coalesce(x.day::text, '') || '|' || x.kind || '|' || x.id,
           case when after is not null then null when newest or order_by = 'newest' then 'newest' else 'relevance' end,
           case when after is null then total end,
           case when after is null then capped end
      from quoted x
      join public.districts d on d.id = x.district
     order by x.rank desc, coalesce(x.day, '-infinity'::date) desc, x.kind desc, x.id desc;
end;
$$;
comment on function private.search_records(text, bigint, text[], date, date, integer, text, text, text) is 'The record search behind public.search_records, with its own parameter names (plpgsql cannot share them with its result columns).';
revoke all on function private.search_records(text, bigint, text[], date, date, integer, text, text, text) from public;
grant execute on function private.search_records(text, bigint, text[], date, date, integer, text, text, text) to anon, authenticated;

-- The API: the parameter and column names are a contract (the site, the docs and outside checks use them).
create function public.search_records(
  q text,
  district_id bigint default null,
  kinds text[] default null,
  date_from date default null,
  date_to date default null,
  page_size integer default 20,
  cursor text default null,
  state text default null,
  sort text default null)
returns table (kind text, district_id bigint, district_name text, item_id bigint, date date, title text, snippet text, href text, cursor text,
               ordered text, matches integer, more_matches boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.search_records(q, district_id, kinds, date_from, date_to, page_size, cursor, state, sort)
$$;
comment on function public.search_records(text, bigint, text[], date, date, integer, text, text, text) is 'Full-text search of meetings, topics and votes: q as a web search engine takes it (quotes for a phrase, -word to exclude), optionally in one district or the districts of one state (two capital letters), of some kinds, between dates; ranked by relevance, or newest first when it has more matches than are ranked or sort is ''newest'' (ordered says which; matches, on the first page, how many); page_size rows (at most 50) after cursor.';
revoke execute on function public.search_records(text, bigint, text[], date, date, integer, text, text, text) from public, anon, authenticated;
grant execute on function public.search_records(text, bigint, text[], date, date, integer, text, text, text) to anon, authenticated;
revoke all on function private.search_candidates(tsquery), private.search_terms(tsquery), private.topics_text(jsonb), private.votes_by_choice(jsonb) from public;
