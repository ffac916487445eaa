-- A write to a view that cannot take one is refused as a write without the right, never as a server error. Postgres
-- looks at whether a view can be written before whether the writer may write it, so an anonymous
-- DELETE /district_pages answered 500 ('cannot delete from view'). With a trigger that stands in for writes, the
-- privilege is checked first: anon and authenticated hold only SELECT, and get 401 or 403 from PostgREST; anyone else
-- (the service role) gets 405 with the reason. In the database, so hosted holds too.

create function private.refuse_view_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is read only: it is made from the tables it shows.', tg_table_name using errcode = 'PT405';
end;
$$;
comment on function private.refuse_view_write() is 'Refuses any insert, update or delete on a view that only shows other tables.';
revoke all on function private.refuse_view_write() from public;

create trigger read_only instead of insert or update or delete on public.district_pages
for each row execute function private.refuse_view_write();
