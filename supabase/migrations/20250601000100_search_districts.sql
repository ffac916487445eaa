-- The district search: a case-insensitive substring match on the name, with an optional state filter.

create function public.search_districts(search_text text, state_code text default null)
returns table (id bigint, name text, state text, county text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  needle text := btrim(coalesce(search_text, ''));
  pattern text;
begin
  if length(needle) > 100 then
    raise exception 'search text is longer than 100 characters' using errcode = '22023';
  end if;
  if state_code is not null and state_code <> '' and state_code !~ '^[A-Z]{2}$' then
    raise exception 'state must be a two-letter code' using errcode = '22023';
  end if;
  if needle = '' then
    return;
  end if;
  -- Every character the visitor typed matches itself: escape LIKE's wildcards and its escape character.
  pattern := replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_');
  return query
    select d.id, d.name, d.state, d.county
    from public.districts d
    where d.name ilike '%' || pattern || '%'
      and (state_code is null or state_code = '' or d.state = state_code)
    -- Names that start with the text come first, then alphabetical.
    order by (d.name ilike pattern || '%') desc, d.name, d.id
    limit 20;
end;
$$;
comment on function public.search_districts(text, text) is 'District suggestions: names containing the typed text literally, optionally in one state, at most 20.';

revoke execute on function public.search_districts(text, text) from public, anon, authenticated;
grant execute on function public.search_districts(text, text) to anon, authenticated;
