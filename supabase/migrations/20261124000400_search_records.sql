-- Search the record: every meeting summary, topic and board vote, found by Postgres full-text search and served
-- through PostgREST as /rest/v1/rpc/search_records, the same locally and on hosted Supabase.
--
-- Each searchable table gets a generated tsvector column (English configuration; the title weighted above the body,
-- markup stripped before indexing) and a GIN index on it. search_records() ranks the matches by relevance, then
-- newest, and pages through them with a cursor.

-- The text of a piece of rich text: scripts and styles and all tags removed, the common entities decoded, spaces collapsed. Used for the index
-- and for the snippets, so what is searched is what a reader sees.
create function private.plain_text(html text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(regexp_replace(coalesce(html, ''), '<(script|style)[^>]*>[^<]*</(script|style)>', ' ', 'gi'), '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g'))
$$;
comment on function private.plain_text(text) is 'The readable text of rich text: tags removed, common entities decoded, white space collapsed.';

-- The text of a vote's members and their votes ("Jane Doe Yes, John Roe No"), from the votes column's array or from a
-- string holding one.
create function private.votes_text(votes jsonb)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  list jsonb := votes;
begin
  if jsonb_typeof(list) = 'string' then
    begin
      list := (list #>> '{}')::jsonb;
    exception when others then
      return ''; -- an unparseable string shows as no votes on the site, and is searched as none
    end;
  end if;
  if jsonb_typeof(list) is distinct from 'array' then
    return '';
  end if;
  return coalesce((
    select string_agg(concat_ws(' ', member ->> 'name', member ->> 'vote'), ', ')
    from jsonb_array_elements(list) as member
    where jsonb_typeof(member) = 'object'), '');
end;
$$;
comment on function private.votes_text(jsonb) is 'The members and their votes of a votings row, as text ("Jane Doe Yes, John Roe No").';

alter table public.meetings add column search_vector tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce(topics, '[]'::jsonb)), 'B')
  || setweight(to_tsvector('english'::regconfig, private.plain_text(summary)), 'C')
) stored;
comment on column public.meetings.search_vector is 'What the record search matches: the title (weight A), the topics (B) and the summary''s text (C).';

alter table public.topics add column search_vector tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, title), 'A')
  || setweight(to_tsvector('english'::regconfig, private.plain_text(description)), 'C')
) stored;
comment on column public.topics.search_vector is 'What the record search matches: the title (weight A) and the description''s text (C).';

alter table public.votings add column search_vector tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, coalesce(issue, '')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce(outcome, '') || ' ' || private.votes_text(votes)), 'C')
) stored;
comment on column public.votings.search_vector is 'What the record search matches: the issue (weight A), the category (B), the outcome and the members'' votes (C).';

create index meetings_search_idx on public.meetings using gin (search_vector);
create index topics_search_idx on public.topics using gin (search_vector);
create index votings_search_idx on public.votings using gin (search_vector);
-- A word found in most of the record (a common word) is served newest first from these, not from the GIN index.
create index meetings_date_idx on public.meetings (date desc nulls last, id desc);
create index votings_date_idx on public.votings ("voteDate" desc nulls last, id desc);

-- The search itself, in two steps.
--
-- 1. Candidates, table by table, so that a common word costs about what a rare one does (ranking every match of a
--    common word would read hundreds of thousands of rows):
--    a. the planner's estimate of the matches; over 3,000 (a common word) goes to c;
--    b. otherwise a probe counts them up to 3,000 (the planner misjudges phrases): none ends the table, more goes to
--       c, at most 3,000 to d;
--    c. the newest matches among the newest 10,000 rows, walked through the date index (the primary key for
--       topics); at least 100 of them: the 100 newest are the candidates; fewer goes to d;
--    d. every match, through the GIN index (never by reading the whole table).
-- 2. The page: candidates ranked (ts_rank_cd: how often and how close the words are, title above topics above
--    body), newest first among equals, the page after the cursor taken; only its rows get a snippet.
--
-- plpgsql with EXECUTE so each statement is planned for its own words. Security definer: it reads only the four
-- public tables, which anyone may read, and as their owner its filters use the GIN indexes; as anon, row-level
-- security's restrictive policy would keep the planner from using them (@@ is not leakproof).
create function private.search_records(
  search_text text, only_district bigint, only_kinds text[], from_date date, to_date date, wanted integer, after text)
returns table (kind text, district_id bigint, district_name text, item_id bigint, date date, title text, snippet text, href text, cursor text)
language plpgsql
-- volatile only because it asks the planner for its estimate (EXPLAIN); it writes nothing, and the public wrapper
-- is stable.
volatile
security definer
set search_path = ''
as $$
declare
  probe_limit constant integer := 3000;
  walk_limit constant integer := 10000;
  newest_limit constant integer := 100;
  needle text := btrim(coalesce(search_text, ''));
  query tsquery;
  chosen text[] := coalesce(only_kinds, array['meeting', 'topic', 'vote']);
  size integer := coalesce(wanted, 20);
  after_rank real;
  after_date date;
  after_kind text;
  after_id bigint;
  parts text[];
  source record;
  matches integer;
  day_column text;
  slice text;
  filters text;
  plan json;
  common boolean;
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
begin
  if length(needle) > 200 then
    raise exception 'search text is longer than 200 characters' using errcode = '22023';
  end if;
  if size < 1 or size > 50 then
    raise exception 'page_size must be between 1 and 50' using errcode = '22023';
  end if;
  if not chosen <@ array['meeting', 'topic', 'vote'] then
    raise exception 'kinds may only name meeting, topic and vote' using errcode = '22023';
  end if;
  if from_date is not null and to_date is not null and from_date > to_date then
    raise exception 'date_from is after date_to' using errcode = '22023';
  end if;
  if after is not null then
    parts := string_to_array(after, '|');
    if array_length(parts, 1) is distinct from 4 or parts[1] !~ '^[0-9.e+-]+$' or parts[2] !~ '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$'
       or parts[3] not in ('meeting', 'topic', 'vote') or parts[4] !~ '^[0-9]{1,18}$' then
      raise exception 'cursor is not one this search gave' using errcode = '22023';
    end if;
    after_rank := parts[1]::real;
    after_date := nullif(parts[2], '')::date;
    after_kind := parts[3];
    after_id := parts[4]::bigint;
  end if;
  -- websearch_to_tsquery takes any text without error: quotes make a phrase, -word excludes, 'or' means either, and
  -- every other operator or wildcard character is read as a separator.
  query := websearch_to_tsquery('english', needle);
  if needle = '' or numnode(query) = 0 then
    return;
  end if;

  for source in
    select * from (values
      ('meeting', 'meetings', 'date'),
      ('topic', 'topics', null),   -- topics have no date: a date filter keeps only dated records
      ('vote', 'votings', 'voteDate')) as t(kind, tab, day)
    where t.kind = any(chosen) and (t.day is not null or (from_date is null and to_date is null))
  loop
    -- The table's date column (none for topics), the rows the filters leave (district and dates), and those that match.
    day_column := case when source.day is null then 'null::date' else format('x.%I', source.day) end;
    slice := format('($2::bigint is null or x."districtId" = $2)%s',
      case when source.day is null then '' else format(' and ($3::date is null or x.%1$I >= $3) and ($4::date is null or x.%1$I <= $4)', source.day) end);
    filters := 'x.search_vector @@ $1 and ' || slice;
    -- How many rows the planner expects: when it already expects more than the probe would count (a common word),
    -- the probe is skipped; it is right about single words, and a phrase it misjudges goes to the probe.
    execute format('explain (format json) select 1 from public.%I x where %s', source.tab, filters)
      into plan using query, only_district, from_date, to_date;
    common := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric > probe_limit;
    if not common then
      execute format('select count(*) from (select 1 from public.%I x where %s limit %s) probe', source.tab, filters, probe_limit + 1)
        into matches using query, only_district, from_date, to_date;
      if matches = 0 then
        continue;
      end if;
      common := matches > probe_limit;
    end if;
    more_ids := null;
    if common then
      -- The newest matches among the newest rows (through the date index, or the primary key for topics).
      execute format(
        'select array_agg(id), array_agg(district), array_agg(day), array_agg(rank) from (
           select w.id, w.district, w.day, ts_rank_cd(w.search_vector, $1) as rank
             from (select x.id, x."districtId" as district, %1$s as day, x.search_vector from public.%2$I x
                    where %3$s
                    order by %4$s x.id desc limit %5$s) w
            where w.search_vector @@ $1
            order by w.day desc nulls last, w.id desc limit %6$s) c',
        day_column, source.tab, slice,
        case when source.day is null then '' else day_column || ' desc nulls last,' end, walk_limit, newest_limit)
        into more_ids, more_districts, more_days, more_ranks using query, only_district, from_date, to_date;
      -- Fewer than that among the newest rows: the word is rare enough after all to rank every match.
      common := coalesce(cardinality(more_ids), 0) >= newest_limit;
    end if;
    if not common then
      -- Every match, through the GIN index (never a read of the whole table, which the planner would pick for a
      -- phrase of common words that seldom stand together).
      seq_scans := current_setting('enable_seqscan');
      perform set_config('enable_seqscan', 'off', true);
      execute format('select array_agg(id), array_agg(district), array_agg(day), array_agg(rank) from (
          select x.id, x."districtId", %s, ts_rank_cd(x.search_vector, $1) from public.%I x where %s) as c(id, district, day, rank)',
        day_column, source.tab, filters)
        into more_ids, more_districts, more_days, more_ranks using query, only_district, from_date, to_date;
      perform set_config('enable_seqscan', seq_scans, true);
    end if;
    if more_ids is null then
      continue;
    end if;
    kinds := kinds || array_fill(source.kind, array[cardinality(more_ids)]);
    ids := ids || more_ids;
    districts := districts || more_districts;
    days := days || more_days;
    ranks := ranks || more_ranks;
  end loop;

  return query execute $sql$
    with hits as (
      select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::date[], $5::real[]) as h(kind, id, district, day, rank)
    ),
    page as (
      select h.* from hits h
       where $7::real is null
          or (h.rank, coalesce(h.day, '-infinity'::date), h.kind, h.id)
             < ($7::real, coalesce($8::date, '-infinity'::date), $9::text, $10::bigint)
       order by h.rank desc, coalesce(h.day, '-infinity'::date) desc, h.kind desc, h.id desc
       limit $6
    ),
    shown as (
      select p.kind, p.district, p.id, p.day, p.rank,
             case p.kind
               -- The card's title (src/lib/meetings.ts meetingTitle): 'Board Meeting' when none, a type other than
               -- 'normal' capitalised before it unless the title starts with it.
               when 'meeting' then (
                 select case when kind_of = '' or lower(kind_of) = 'normal' or left(lower(base), length(kind_of)) = lower(kind_of) then base
                             else upper(left(kind_of, 1)) || substr(kind_of, 2) || ' ' || base end
                   from (select coalesce(nullif(btrim(m.title), ''), 'Board Meeting') as base, coalesce(btrim(m.meeting_type), '') as kind_of) as named)
               when 'topic' then t.title
               else coalesce(nullif(btrim(v.issue), ''), 'Vote')
             end as title,
             case p.kind
               when 'meeting' then concat_ws(' ', private.plain_text(m.summary), m.topics #>> '{}')
               when 'topic' then private.plain_text(t.description)
               else concat_ws(' · ', v.category, v.outcome, private.votes_text(v.votes))
             end as body
        from page p
        left join public.meetings m on p.kind = 'meeting' and m.id = p.id
        left join public.topics t on p.kind = 'topic' and t.id = p.id
        left join public.votings v on p.kind = 'vote' and v.id = p.id
    )
    select s.kind, s.district, d.name, s.id, s.day, s.title,
           -- The excerpt, escaped for HTML, then the match marks put in: the only markup a snippet carries.
           replace(replace(
             replace(replace(replace(replace(regexp_replace(
               ts_headline('english', s.body, $11, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
               '\s+', ' ', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
             chr(1), '<mark>'), chr(2), '</mark>'),
           case s.kind
             when 'meeting' then '/' || s.district || '?tab=Meetings#meeting-' || to_char(s.day, 'MM-DD-YY')
             when 'topic' then '/' || s.district || '?tab=topics#topic-' || s.id
             else '/' || s.district || '?tab=voting#vote-' || s.id
           end,
           s.rank::text || '|' || coalesce(s.day::text, '') || '|' || s.kind || '|' || s.id
      from shown s
      join public.districts d on d.id = s.district
     order by s.rank desc, coalesce(s.day, '-infinity'::date) desc, s.kind desc, s.id desc
  $sql$
  using kinds, ids, districts, days, ranks, size, after_rank, after_date, after_kind, after_id, query;
end;
$$;
comment on function private.search_records(text, bigint, text[], date, date, integer, text) is 'The record search behind public.search_records, with its own parameter names (plpgsql cannot share them with its result columns).';
revoke all on function private.search_records(text, bigint, text[], date, date, integer, text) from public;
grant execute on function private.search_records(text, bigint, text[], date, date, integer, text) to anon, authenticated;
grant execute on function private.plain_text(text), private.votes_text(jsonb) to anon, authenticated;

-- The API: the parameter and column names are a contract (the site, the docs and outside checks use them).
create function public.search_records(
  q text,
  district_id bigint default null,
  kinds text[] default null,
  date_from date default null,
  date_to date default null,
  page_size integer default 20,
  cursor text default null)
returns table (kind text, district_id bigint, district_name text, item_id bigint, date date, title text, snippet text, href text, cursor text)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.search_records(q, district_id, kinds, date_from, date_to, page_size, cursor)
$$;
comment on function public.search_records(text, bigint, text[], date, date, integer, text) is 'Full-text search of meetings, topics and votes: q as a web search engine takes it (quotes for a phrase, -word to exclude), optionally in one district, of some kinds, between dates; ranked by relevance, then newest; page_size rows (at most 50) after cursor.';
revoke execute on function public.search_records(text, bigint, text[], date, date, integer, text) from public, anon, authenticated;
grant execute on function public.search_records(text, bigint, text[], date, date, integer, text) to anon, authenticated;
