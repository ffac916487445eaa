-- The district search says which districts have no records yet, so a suggestion for a board the site does not cover
-- yet does not lead a parent to what looks like a board that never meets.
--
-- What changes: search_districts returns has_records (a meeting or a vote of the district is on the site) beside id,
-- name, state and county. The result's shape changes, so the function is dropped and created again, with the same
-- search, its owner's rights (20261124000500_search_districts_owner_rights.sql), its grants and its comment. Each of
-- the at most 20 suggestions costs two index probes (meetings_district_date_idx, votings_district_idx).

drop function public.search_districts(text, text);

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
    raise exception 'search text is longer than 100 characters' using errcode = '22023';
  end if;
  if state_filter is not null and state_filter !~ '^[A-Z]{2}$' then
    raise exception 'state must be a two-letter code' using errcode = '22023';
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

notify pgrst, 'reload schema';
