-- The district search: a case-insensitive substring match on the name, with an optional state filter, and whether
-- the site has any record of each district found, so a suggestion for a board the site does not cover yet does not
-- lead a parent to what looks like a board that never meets.

-- Case-insensitive substring search on the name uses this trigram index.
create index districts_name_trgm_idx on public.districts using gin (name extensions.gin_trgm_ops);
-- Names starting with the text come first: this index finds them by prefix, in order.
create index districts_name_prefix_idx on public.districts (lower(name) text_pattern_ops, name, id);
-- The other matches are listed alphabetically: this index lets a common short text stop after 20 rows.
create index districts_name_order_idx on public.districts (name, id);

-- Security definer, as the record search is: the four public tables carry a restrictive read policy (the embed and
-- select limits), and under row-level security a filter that is not leakproof (ilike, like) may not be used as an
-- index condition ahead of a policy, so as anon the search could not use its trigram and prefix indexes. It reads only
-- the districts, meetings and votings, which anyone may read, and returns only what anyone may read; as their owner it
-- uses the indexes. It still runs under anon's statement timeout. Each of the at most 20 suggestions costs two index
-- probes for has_records (meetings_district_date_idx, votings_district_idx).
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
  found_count integer;
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
  -- Dynamic SQL so each search is planned for its own text: a rare text uses the trigram index,
  -- a common short one walks the name index and stops after 20 rows.
  return query execute
    'select d.id, d.name, d.state, d.county,
            exists (select from public.meetings m where m."districtId" = d.id)
              or exists (select from public.votings v where v."districtId" = d.id)
       from public.districts d
      where lower(d.name) like $1 || ''%'' and ($2::text is null or d.state = $2)
      order by lower(d.name), d.name, d.id limit 20'
    using pattern, state_filter;
  get diagnostics found_count = row_count;
  if found_count < 20 then
    return query execute
      'select d.id, d.name, d.state, d.county,
              exists (select from public.meetings m where m."districtId" = d.id)
                or exists (select from public.votings v where v."districtId" = d.id)
         from public.districts d
        where d.name ilike ''%'' || $1 || ''%'' and lower(d.name) not like $1 || ''%''
          and ($2::text is null or d.state = $2)
        order by d.name, d.id limit $3'
      using pattern, state_filter, 20 - found_count;
  end if;
end;
$$;
comment on function public.search_districts(text, text) is 'District suggestions: names containing the typed text literally (those starting with it first), optionally in one state, at most 20; has_records says whether any meeting or vote of the district is on the site.';

revoke execute on function public.search_districts(text, text) from public, anon, authenticated;
grant execute on function public.search_districts(text, text) to anon, authenticated;
