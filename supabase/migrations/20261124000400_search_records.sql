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
create index meetings_date_idx on public.meetings (date desc, id desc);
create index votings_date_idx on public.votings ("voteDate" desc nulls last, id desc);

-- The search itself. plpgsql with EXECUTE so each search is planned for its own words: a rare word is found through
-- the GIN index, a common one by walking the newest records until enough match.
create function private.search_records(
  search_text text, only_district bigint, only_kinds text[], from_date date, to_date date, wanted integer, after text)
returns table (kind text, district_id bigint, district_name text, item_id bigint, date date, title text, snippet text, href text, cursor text)
language plpgsql
stable
set search_path = ''
as $$
declare
  needle text := btrim(coalesce(search_text, ''));
  query tsquery;
  chosen text[] := coalesce(only_kinds, array['meeting', 'topic', 'vote']);
  size integer := coalesce(wanted, 20);
  after_rank real;
  after_date date;
  after_kind text;
  after_id bigint;
  parts text[];
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

  -- Candidates: at most 1,000 matches of each kind, newest first, so a common word costs what a rare one does. Then
  -- ranked (ts_rank_cd: how often and how close the words are, title above topics above body), newest first among
  -- equals, and the page after the cursor taken. Only the page's rows get a snippet.
  return query execute $sql$
    with hits as (
      (select 'meeting'::text as kind, m.id, m."districtId" as district, m.date as day,
              ts_rank_cd(m.search_vector, $1) as rank
         from public.meetings m
        where 'meeting' = any($3) and m.search_vector @@ $1
          and ($2::bigint is null or m."districtId" = $2)
          and ($4::date is null or m.date >= $4) and ($5::date is null or m.date <= $5)
        order by m.date desc, m.id desc limit 1000)
      union all
      (select 'topic', t.id, t."districtId", null::date, ts_rank_cd(t.search_vector, $1)
         from public.topics t
        where 'topic' = any($3) and t.search_vector @@ $1
          and ($2::bigint is null or t."districtId" = $2)
          -- Topics have no date: a date filter keeps only dated records.
          and $4::date is null and $5::date is null
        order by t.id desc limit 1000)
      union all
      (select 'vote', v.id, v."districtId", v."voteDate", ts_rank_cd(v.search_vector, $1)
         from public.votings v
        where 'vote' = any($3) and v.search_vector @@ $1
          and ($2::bigint is null or v."districtId" = $2)
          and ($4::date is null or v."voteDate" >= $4) and ($5::date is null or v."voteDate" <= $5)
        order by v."voteDate" desc nulls last, v.id desc limit 1000)
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
               when 'meeting' then coalesce(nullif(btrim(m.title), ''), 'Board Meeting')
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
               ts_headline('english', s.body, $1, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
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
  using query, only_district, chosen, from_date, to_date, size, after_rank, after_date, after_kind, after_id;
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

-- The nightly build's row digests stay what they were: md5 of the row's text without search_vector, which is made
-- from the other columns (and would only make every digest longer to compute and every row be read again once).
create or replace function public.row_digest(public.meetings) returns text
language sql stable security invoker set search_path = '' as $$
  select md5(row($1.id, $1."districtId", $1.date, $1.title, $1.topics, $1.summary, $1.meeting_type, $1."isUpcoming", $1.youtube_link)::text)
$$;
create or replace function public.row_digest(public.topics) returns text
language sql stable security invoker set search_path = '' as $$
  select md5(row($1.id, $1."districtId", $1.title, $1.description, $1.upvotes, $1.downvotes)::text)
$$;
create or replace function public.row_digest(public.votings) returns text
language sql stable security invoker set search_path = '' as $$
  select md5(row($1.id, $1."districtId", $1.type, $1."voteDate", $1.category, $1.issue, $1.outcome, $1.votes)::text)
$$;
