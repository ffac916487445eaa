-- The district search: a case-insensitive substring match on the name, with an optional state filter.

-- Names starting with the text come first: this index finds them by prefix, in order.
create index districts_name_prefix_idx on public.districts (lower(name) text_pattern_ops, name, id);
-- The other matches are listed alphabetically: this index lets a common short text stop after 20 rows.
create index districts_name_order_idx on public.districts (name, id);

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
    'select d.id, d.name, d.state, d.county from public.districts d
     where lower(d.name) like $1 || ''%'' and ($2::text is null or d.state = $2)
     order by lower(d.name), d.name, d.id limit 20'
    using pattern, state_filter;
  get diagnostics found_count = row_count;
  if found_count < 20 then
    return query execute
      'select d.id, d.name, d.state, d.county from public.districts d
       where d.name ilike ''%'' || $1 || ''%'' and lower(d.name) not like $1 || ''%''
         and ($2::text is null or d.state = $2)
       order by d.name, d.id limit $3'
      using pattern, state_filter, 20 - found_count;
  end if;
end;
$$;
comment on function public.search_districts(text, text) is 'District suggestions: names containing the typed text literally (those starting with it first), optionally in one state, at most 20.';

revoke execute on function public.search_districts(text, text) from public, anon, authenticated;
grant execute on function public.search_districts(text, text) to anon, authenticated;
