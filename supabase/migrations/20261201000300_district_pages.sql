-- district_pages: everything a district page shows, one JSON document per district in the order the page shows it,
-- and a digest of that document. The nightly build reads every district's digest (a few hundred a request) and the
-- whole document only of the districts whose digest changed; the live page of a district added after the build
-- reads its one document in one request. The page's order is decided here, once: meetings newest first (ties by
-- id), topics newest first by id, votes by id.
--
-- Security invoker: a reader sees the documents of the rows it may read under the tables' own policies, and the
-- document names its columns, so search_vector (the search index) never travels.
--
-- A meeting without any of the import's fields (start time and zone, agenda, minutes, full video, summary source)
-- is written without them, and a district never imported without records_updated_at; the digest leaves out
-- records_updated_at, so a record wiped and loaded again as it was is the same page.
create view public.district_pages with (security_invoker = true) as
select d.id, md5(p.page::text) as digest,
       case when d.records_updated_at is null then p.page
            else json_build_object('district', parts.district_updated, 'meetings', parts.meetings, 'topics', parts.topics, 'votings', parts.votings) end as page
from public.districts d
cross join lateral (
  select
    json_build_object('id', d.id, 'name', d.name, 'state', d.state, 'county', d.county, 'address', d.address, 'phone', d.phone, 'totalStudents', d."totalStudents") as district,
    json_build_object('id', d.id, 'name', d.name, 'state', d.state, 'county', d.county, 'address', d.address, 'phone', d.phone, 'totalStudents', d."totalStudents",
                      'records_updated_at', d.records_updated_at) as district_updated,
    coalesce((
      select json_agg(case when (m.start_time, m.time_zone, m.agenda_url, m.minutes_url, m.minutes_status, m.full_video_url, m.summary_source) is null
        then json_build_object('id', m.id, 'districtId', m."districtId", 'date', m.date, 'title', m.title, 'topics', m.topics, 'summary', m.summary,
                               'meeting_type', m.meeting_type, 'isUpcoming', m."isUpcoming", 'youtube_link', m.youtube_link, 'sequence', m.sequence)
        else json_build_object('id', m.id, 'districtId', m."districtId", 'date', m.date, 'title', m.title, 'topics', m.topics, 'summary', m.summary,
                               'meeting_type', m.meeting_type, 'isUpcoming', m."isUpcoming", 'youtube_link', m.youtube_link, 'sequence', m.sequence,
                               'start_time', to_char(m.start_time, 'HH24:MI'), 'time_zone', m.time_zone, 'agenda_url', m.agenda_url, 'minutes_url', m.minutes_url,
                               'minutes_status', m.minutes_status, 'full_video_url', m.full_video_url, 'summary_source', m.summary_source) end
        order by m.date desc, m.id)
      from public.meetings m where m."districtId" = d.id), '[]') as meetings,
    coalesce((
      select json_agg(json_build_object('id', t.id, 'districtId', t."districtId", 'title', t.title, 'description', t.description, 'upvotes', t.upvotes, 'downvotes', t.downvotes) order by t.id desc)
      from public.topics t where t."districtId" = d.id), '[]') as topics,
    coalesce((
      select json_agg(json_build_object('id', v.id, 'districtId', v."districtId", 'type', v.type, 'voteDate', v."voteDate", 'category', v.category, 'issue', v.issue,
                                        'outcome', v.outcome, 'votes', v.votes) order by v.id)
      from public.votings v where v."districtId" = d.id), '[]') as votings
) parts
cross join lateral (
  select json_build_object('district', parts.district, 'meetings', parts.meetings, 'topics', parts.topics, 'votings', parts.votings) as page
) p;

comment on view public.district_pages is 'One district page''s content: the district (with records_updated_at once an import changed its record), its meetings (newest first), topics (newest first) and votes (by id) as one JSON document, with the md5 digest the nightly build compares (of the document without records_updated_at).';

revoke all on public.district_pages from anon, authenticated;
grant select on public.district_pages to anon, authenticated;

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
