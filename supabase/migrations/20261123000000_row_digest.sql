-- row_digest: a digest of one row of a public table, for the nightly build. PostgREST shows a function that takes a
-- table's row as a computed column of that table, so the build asks for `select=id,row_digest` and reads a whole row
-- only when its digest is not the one its last build kept (src/lib/loader.ts). At 20,000 districts a nightly build
-- then moves about 45 MB of ids and digests, and the changed rows, instead of about 370 MB of rows.
--
-- md5 of the row's text: every column, in the table's order. It tells a changed row from an unchanged one; it is not a
-- secret and guards nothing (anyone may read the rows themselves). Security invoker: a reader sees digests of the rows
-- it may read, and nothing else.

create function public.row_digest(public.districts) returns text
language sql stable security invoker set search_path = '' as $$ select md5($1::text) $$;
create function public.row_digest(public.meetings) returns text
language sql stable security invoker set search_path = '' as $$ select md5($1::text) $$;
create function public.row_digest(public.topics) returns text
language sql stable security invoker set search_path = '' as $$ select md5($1::text) $$;
create function public.row_digest(public.votings) returns text
language sql stable security invoker set search_path = '' as $$ select md5($1::text) $$;

comment on function public.row_digest(public.districts) is 'A digest of the row (md5 of its text), read by the nightly build as the computed column row_digest.';
comment on function public.row_digest(public.meetings) is 'A digest of the row (md5 of its text), read by the nightly build as the computed column row_digest.';
comment on function public.row_digest(public.topics) is 'A digest of the row (md5 of its text), read by the nightly build as the computed column row_digest.';
comment on function public.row_digest(public.votings) is 'A digest of the row (md5 of its text), read by the nightly build as the computed column row_digest.';

revoke execute on function public.row_digest(public.districts), public.row_digest(public.meetings), public.row_digest(public.topics), public.row_digest(public.votings) from public, anon, authenticated;
grant execute on function public.row_digest(public.districts), public.row_digest(public.meetings), public.row_digest(public.topics), public.row_digest(public.votings) to anon, authenticated;
