-- The four public tables the site shows: districts, their board meetings, discussion topics and board votes, with
-- what the record search matches in each (search_vector) and what the calendar feed needs (meetings.sequence).
-- Column names are the site's data's own (camelCase ones quoted), so existing data loads unchanged.

create extension if not exists pg_trgm with schema extensions;

create schema if not exists private;
-- Helpers used by the public functions; the API does not expose this schema and the public may not use it. anon and
-- authenticated may look into it only for the few helpers granted to them by name (the read policies' checks).
revoke all on schema private from public;
grant usage on schema private to anon, authenticated;
comment on schema private is 'Helpers for the public functions; not exposed through the API.';

-- The platform's default privileges give anon and authenticated every privilege on new sequences; they write only
-- through functions that run as their owner, so they need none.
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- The words of a piece of rich text on one line, as src/lib/htmlText.ts's htmlToText(html, 'inline') gives them (both
-- are held to the cases of tests/unit/htmlTextCases.ts): scripts and styles dropped, a block element's tags a space,
-- an inline element's nothing ('phone<strong>s</strong>' reads 'phones'), character references decoded, white space
-- collapsed, and a heading followed by a dash when text follows and it does not end in its own stop ('Budget —
-- Adopted.'). Used for the index and for the snippets, so what is searched is what a reader sees. Numeric references
-- are looked for only in text that has one, which most summaries do not.
create function private.plain_text(html text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  -- A tag's attributes, quoted values holding '>' included.
  attrs constant text := '(?:[^>"'']|"[^"]*"|''[^'']*'')*';
  -- Where a tag's name ends, as HTML ends it: at a space, '/' or '>' (so '<p-x>', a custom element, is not '<p>').
  -- A lookahead: after the alternation of block names, Postgres's regex engine matches it about five times faster
  -- than \M (the end of a word), and a search's page quotes 20 summaries through this function.
  name_end constant text := '(?=[\s/>])';
  blocks constant text := 'p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|blockquote|pre|table|thead|tbody|tfoot|caption|tr|td|th'
    || '|section|article|header|footer|aside|nav|figure|figcaption|details|summary';
  words text := coalesce(html, '');
  reference text[];
begin
  -- A heading's tags become marks (chr(2) before, chr(3) after) until the words are decoded: see below.
  words := replace(replace(words, chr(2), ''), chr(3), '');
  words := regexp_replace(words, '<(script|style)' || name_end || attrs || '>.*?</\1\s*>', ' ', 'gi');
  words := regexp_replace(words, '<h[1-6]' || name_end || attrs || '>', chr(2), 'gi');
  words := regexp_replace(words, '</h[1-6]\s*>', chr(3), 'gi');
  words := regexp_replace(words, '</?(?:' || blocks || ')' || name_end || attrs || '>', ' ', 'gi');
  words := regexp_replace(words, '<' || attrs || '>', '', 'g');
  if strpos(words, '&#') > 0 then
    for reference in select regexp_matches(words, '&#([xX][0-9a-fA-F]{1,6}|[0-9]{1,7});', 'g') loop
      begin
        words := replace(words, '&#' || reference[1] || ';', chr(case
          when reference[1] ~ '^[xX]' then ('x' || lpad(substr(reference[1], 2), 8, '0'))::bit(32)::int
          else reference[1]::int end));
      exception when others then
        null; -- not a character (0, a surrogate, past U+10FFFF): left as written
      end;
    end loop;
  end if;
  words := replace(replace(replace(replace(replace(replace(words,
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&apos;', ''''), '&amp;', '&');
  if strpos(words, chr(3)) > 0 then
    -- A heading stands apart from the text after it, 'Budget — Adopted.', unless it ends in its own stop ('Bond?')
    -- or nothing follows it; an empty heading leaves nothing.
    words := regexp_replace(words, chr(2) || '\s*' || chr(3), ' ', 'g');
    words := regexp_replace(words, '[\s' || chr(3) || ']*' || chr(3) || '[\s' || chr(3) || ']*$', '');
    words := regexp_replace(words, '([.!?:;—])\s*' || chr(3), '\1 ', 'g');
    words := regexp_replace(words, '\s*' || chr(3) || '\s*', ' — ', 'g');
  end if;
  return btrim(regexp_replace(replace(words, chr(2), ' '), '\s+', ' ', 'g'));
end;
$$;
comment on function private.plain_text(text) is 'The words of rich text on one line, as htmlToText(html, ''inline'') gives them: block tags a space, inline tags nothing, references decoded, a heading apart from the text after it by a dash.';

-- A vote's votes column as the list it holds: the JSON array, or the array a JSON string holds (as some writers store
-- it); anything else, an unparseable string included, is no votes ('[]'), as the site shows it. Every reader of the
-- votes column (votes_text, votes_by_choice, member_vote, member_names) reads it through this one function.
create function private.vote_list(votes jsonb)
returns jsonb
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
      return '[]';
    end;
  end if;
  return case when jsonb_typeof(list) = 'array' then list else '[]'::jsonb end;
end;
$$;
comment on function private.vote_list(jsonb) is 'A votings row''s votes as a JSON array: the array, the array a string holds, or [] for anything else.';

-- The text of a vote's members and their votes ("Jane Doe Yes, John Roe No").
create function private.votes_text(votes jsonb)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((
    select string_agg(concat_ws(' ', member ->> 'name', member ->> 'vote'), ', ')
    from jsonb_array_elements(private.vote_list(votes)) as member
    where jsonb_typeof(member) = 'object'), '')
$$;
comment on function private.votes_text(jsonb) is 'The members and their votes of a votings row, as text ("Jane Doe Yes, John Roe No").';
-- A record's words with its word pairs: beside each word (with where it stands), every two words that stand side by
-- side, as one more word of the two joined by a space ('staff board'), without a place. A phrase search then finds
-- the rows holding its pairs through the GIN index (private.search_candidates asks for them), where its words alone
-- may be in nearly every row: 'staff' and 'board' are in each of 240,000 meetings, "staff board" in none. No word the
-- parser makes holds a space, so nothing typed is ever read as a pair. Two words are side by side when their places
-- are one apart, as the phrase operator <-> reads them (a word left out, such as 'of', leaves its place empty). A
-- record whose pairs would not fit in a tsvector (1 MB, 2,046 bytes a word) holds 'no word pairs' instead, which
-- every phrase search also takes, so it is still found.
create function private.with_word_pairs(words tsvector)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  with pairs as (
    select distinct a.lexeme || ' ' || b.lexeme as pair
      from (select u.lexeme, p from unnest(words) u, unnest(u.positions) p) a
      join (select u.lexeme, p from unnest(words) u, unnest(u.positions) p) b on b.p = a.p + 1
  )
  select words || case when count(*) = 0 then ''::tsvector
                       when max(octet_length(pair)) > 2046 or sum(octet_length(pair) + 4) + pg_column_size(words) > 1000000
                         then array_to_tsvector(array['no word pairs'])
                       else array_to_tsvector(array_agg(pair)) end
    from pairs
$$;
comment on function private.with_word_pairs(tsvector) is 'A record''s words with every two that stand side by side as one more word (''staff board''), for phrase searches; ''no word pairs'' when they would not fit.';
grant execute on function private.plain_text(text), private.vote_list(jsonb), private.votes_text(jsonb), private.with_word_pairs(tsvector) to anon, authenticated;

create table public.districts (
  id bigint generated by default as identity primary key,
  name text not null check (length(name) between 1 and 300),
  state text check (state ~ '^[A-Z]{2}$'),
  county text check (length(county) <= 200),
  address text check (length(address) <= 500),
  phone text check (length(phone) <= 50),
  "totalStudents" integer check ("totalStudents" >= 0),
  nces_id text unique check (nces_id ~ '^[0-9]{7}$'),
  records_updated_at timestamptz
);
comment on table public.districts is 'School districts: one row per district, shown at /{id} and found by the search.';
comment on column public.districts.nces_id is 'The district''s NCES id (seven digits): how an import may name a district whose id it does not know.';
comment on column public.districts.records_updated_at is 'When an import last added, changed or removed any of the district''s records (shown as "last updated").';

create table public.meetings (
  id bigint generated by default as identity primary key,
  "districtId" bigint not null references public.districts (id) on delete cascade,
  date date not null,
  title text,
  -- A meeting's topics are an array of topic names or one string; jsonb holds either.
  topics jsonb check (topics is null or jsonb_typeof(topics) in ('array', 'string')),
  summary text,
  meeting_type text not null default 'normal',
  "isUpcoming" boolean not null default false,
  youtube_link text,
  search_vector tsvector generated always as (private.with_word_pairs(
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(topics, '[]'::jsonb)), 'B')
    || setweight(to_tsvector('english'::regconfig, private.plain_text(summary)), 'C')
  )) stored,
  -- How many times a meeting has changed since it was first written, for the district's calendar feed (iCalendar's
  -- SEQUENCE: a calendar that already holds the meeting replaces it only when the number rises). A trigger keeps it,
  -- so every writer (the operators' imports, the SQL editor) raises it alike; writing a row again unchanged leaves it
  -- as it was.
  sequence integer not null default 0 check (sequence >= 0),
  start_time time,
  time_zone text check (length(time_zone) between 1 and 64),
  agenda_url text check (agenda_url ~ '^https?://' and length(agenda_url) <= 2000),
  minutes_url text check (minutes_url ~ '^https?://' and length(minutes_url) <= 2000),
  minutes_status text check (minutes_status in ('draft', 'approved')),
  full_video_url text check (full_video_url ~ '^https?://' and length(full_video_url) <= 2000),
  summary_source text check (summary_source in ('staff', 'ai_video', 'minutes')),
  -- A time means nothing without the zone it is read in; minutes are draft or approved only when there are minutes.
  constraint meetings_time_needs_zone check (start_time is null or time_zone is not null),
  constraint meetings_status_needs_minutes check (minutes_status is null or minutes_url is not null)
);
comment on table public.meetings is 'Board meetings of a district: date, title, topics and a rich-text summary, optionally with a video.';
comment on column public.meetings.search_vector is 'What the record search matches: the title (weight A), the topics (B) and the summary''s text (C), with their word pairs.';
comment on column public.meetings.sequence is 'Raised by one each time the meeting changes (the calendar feed''s SEQUENCE); kept by a trigger.';
comment on column public.meetings.start_time is 'When the meeting starts, in time_zone (null: the time is not known; the calendar shows the day).';
comment on column public.meetings.time_zone is 'The IANA time zone of start_time, e.g. America/Los_Angeles.';
comment on column public.meetings.agenda_url is 'The official agenda (https).';
comment on column public.meetings.minutes_url is 'The official minutes (https); minutes_status says whether the board approved them.';
comment on column public.meetings.minutes_status is 'draft or approved.';
comment on column public.meetings.full_video_url is 'The full recording of the meeting (https), wherever the district keeps it.';
comment on column public.meetings.summary_source is 'Where the summary came from: staff (written by staff), ai_video (drafted with AI from the meeting video) or minutes (taken from the minutes).';
create index meetings_district_date_idx on public.meetings ("districtId", date desc);
-- A meeting's natural key (the importer matches by it): one meeting per district, date and title, even at once.
create unique index meetings_natural_key on public.meetings ("districtId", date, title) nulls not distinct;

-- The calendar's SEQUENCE rises when anything a calendar shows changes.
create function private.raise_meeting_sequence() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new."districtId", new.date, new.title, new.topics, new.summary, new.meeting_type, new."isUpcoming", new.youtube_link,
      new.start_time, new.time_zone, new.agenda_url, new.minutes_url, new.minutes_status, new.full_video_url, new.summary_source)
     is distinct from
     (old."districtId", old.date, old.title, old.topics, old.summary, old.meeting_type, old."isUpcoming", old.youtube_link,
      old.start_time, old.time_zone, old.agenda_url, old.minutes_url, old.minutes_status, old.full_video_url, old.summary_source) then
    new.sequence := old.sequence + 1;
  else
    new.sequence := old.sequence;
  end if;
  return new;
end
$$;
comment on function private.raise_meeting_sequence() is 'Raises meetings.sequence when a meeting''s shown fields change; keeps it otherwise.';
revoke all on function private.raise_meeting_sequence() from public;

create trigger raise_sequence before update on public.meetings for each row execute function private.raise_meeting_sequence();

create table public.topics (
  id bigint generated by default as identity primary key,
  "districtId" bigint not null references public.districts (id) on delete cascade,
  title text not null,
  description text,
  upvotes integer not null default 0 check (upvotes >= 0),
  downvotes integer not null default 0 check (downvotes >= 0),
  search_vector tsvector generated always as (private.with_word_pairs(
    setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, private.plain_text(description)), 'C')
  )) stored
);
comment on table public.topics is 'Discussion topics of a district across the school year, with the public''s up and down votes.';
comment on column public.topics.search_vector is 'What the record search matches: the title (weight A) and the description''s text (C), with their word pairs.';
create index topics_district_id_idx on public.topics ("districtId", id desc);
-- A topic's natural key: one topic per district and title.
create unique index topics_natural_key on public.topics ("districtId", title) nulls not distinct;

create table public.votings (
  id bigint generated by default as identity primary key,
  "districtId" bigint not null references public.districts (id) on delete cascade,
  type text not null check (type in ('recent', 'past')),
  "voteDate" date,
  category text,
  issue text,
  outcome text,
  -- An array of {name, vote}, or a JSON string that parses to one (an unparseable string shows as no votes).
  votes jsonb,
  search_vector tsvector generated always as (private.with_word_pairs(
    setweight(to_tsvector('english'::regconfig, coalesce(issue, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(outcome, '') || ' ' || private.votes_text(votes)), 'C')
  )) stored
);
comment on table public.votings is 'Board vote records: one row per decision, with each board member''s vote.';
comment on column public.votings.search_vector is 'What the record search matches: the issue (weight A), the category (B), the outcome and the members'' votes (C), with their word pairs.';
create index votings_district_idx on public.votings ("districtId");
-- A vote's natural key: one vote per district, date and issue.
create unique index votings_natural_key on public.votings ("districtId", "voteDate", issue) nulls not distinct;

create index districts_state_idx on public.districts (state);

-- Row level security: anyone may read these four tables, nobody may write them through the API. The limits on what
-- one read may ask for are restrictive policies beside these (the anonymous limits).
alter table public.districts enable row level security;
alter table public.meetings enable row level security;
alter table public.topics enable row level security;
alter table public.votings enable row level security;

create policy "Anyone can read districts" on public.districts for select to anon, authenticated using (true);
create policy "Anyone can read meetings" on public.meetings for select to anon, authenticated using (true);
create policy "Anyone can read topics" on public.topics for select to anon, authenticated using (true);
create policy "Anyone can read votings" on public.votings for select to anon, authenticated using (true);

-- Supabase grants every privilege on new tables to anon and authenticated by default: take them back.
revoke all on public.districts, public.meetings, public.topics, public.votings from anon, authenticated;
grant select on public.districts, public.meetings, public.topics, public.votings to anon, authenticated;
