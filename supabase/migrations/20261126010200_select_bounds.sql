-- A read names each column at most once. PostgREST lets a request select a column under many names
-- (meetings?select=a:summary,b:summary,...): a 629-byte request with 50 aliases of summary answered 54 MB and left
-- PostgREST holding 706 MB. With each column named once, a read answers at most its rows (1,000 at most) of the
-- table's own columns, and embeds are already held to two (20261124000100_anonymous_limits.sql). In the database, so
-- it holds on hosted Supabase as well as locally.
--
-- PostgREST reads a table in one statement whose select lists (the table's own, and one per embedded table) each run
-- from 'SELECT ' to the next ' FROM "schema".'; a column there is written "schema"."table"."column" or
-- "alias"."column", with any cast or JSON path after it. Aliases are quoted identifiers with their quotes doubled, so
-- a visitor's alias can neither end a list early nor read as a column. A list that names one column twice (under two
-- names, or with two casts or JSON paths) is refused at once with a 400 and plain words.

create function private.select_within_limit()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  list text[];
  twice text;
begin
  for list in select regexp_matches(coalesce(current_query(), ''), 'SELECT (.*?) FROM "[^"]+"\.', 'g') loop
    select c[1] into twice
    from regexp_matches(list[1], '((?:"(?:[^"]|"")+"\.)+"(?:[^"]|"")+")', 'g') as c
    group by c[1]
    having count(*) > 1
    limit 1;
    if twice is not null then
      raise exception 'This request selects % more than once; select each column once.', regexp_replace(twice, '^.*\."((?:[^"]|"")+)"$', '\1')
        using errcode = 'PT400';
    end if;
  end loop;
  return true;
end;
$$;
comment on function private.select_within_limit() is 'Refuses a statement whose select list names one column twice (aliases of a large column multiply the answer); used by the read policies of the public tables.';
revoke all on function private.select_within_limit() from public;
grant execute on function private.select_within_limit() to anon, authenticated;

-- Restrictive, beside the embed limit: these hold in addition to the policies that let anyone read, and the view
-- district_pages (security_invoker) reads through them too. (select ...) runs the check once per statement.
create policy "Selects each column once" on public.districts as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
create policy "Selects each column once" on public.meetings as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
create policy "Selects each column once" on public.topics as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
create policy "Selects each column once" on public.votings as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
