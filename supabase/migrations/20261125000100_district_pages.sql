-- district_pages: everything a district page shows, one JSON document per district in the order the page shows it,
-- and a digest of that document. The nightly build reads every district's digest (a thousand a request) and the
-- whole document only of the districts whose digest changed; the live page of a district added after the build
-- reads its one document in one request. The page's order is decided here, once: meetings newest first (ties by
-- id), topics newest first by id, votes by id.
--
-- What changed for a hosted database: this replaces the per-row digests of 20261123000000_row_digest.sql (the
-- functions public.row_digest(districts|meetings|topics|votings), read as a computed column of each table), which
-- are dropped below. That migration's file is gone from supabase/migrations/; a database that applied it still lists
-- it, so tell the Supabase CLI once: `supabase migration repair --status reverted 20261123000000`.
--
-- Security invoker: a reader sees the documents of the rows it may read under the tables' own policies, and the
-- document names its columns, so search_vector (the search index) never travels.

drop function if exists public.row_digest(public.districts);
drop function if exists public.row_digest(public.meetings);
drop function if exists public.row_digest(public.topics);
drop function if exists public.row_digest(public.votings);

-- meetings.sequence: how many times a meeting has changed since it was first written, for the district's calendar
-- feed (iCalendar's SEQUENCE: a calendar that already holds the meeting replaces it only when the number rises).
-- A trigger keeps it, so every writer (the operators' imports, the SQL editor) raises it alike; writing a row again
-- unchanged leaves it as it was.
alter table public.meetings add column sequence integer not null default 0 check (sequence >= 0);
comment on column public.meetings.sequence is 'Raised by one each time the meeting changes (the calendar feed''s SEQUENCE); kept by a trigger.';

create function private.raise_meeting_sequence() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new."districtId", new.date, new.title, new.topics, new.summary, new.meeting_type, new."isUpcoming", new.youtube_link)
     is distinct from (old."districtId", old.date, old.title, old.topics, old.summary, old.meeting_type, old."isUpcoming", old.youtube_link) then
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

create view public.district_pages with (security_invoker = true) as
select d.id, md5(p.page::text) as digest, p.page
from public.districts d
cross join lateral (
  select json_build_object(
    'district', json_build_object('id', d.id, 'name', d.name, 'state', d.state, 'county', d.county, 'address', d.address, 'phone', d.phone, 'totalStudents', d."totalStudents"),
    'meetings', coalesce((
      select json_agg(json_build_object('id', m.id, 'districtId', m."districtId", 'date', m.date, 'title', m.title, 'topics', m.topics, 'summary', m.summary,
                                        'meeting_type', m.meeting_type, 'isUpcoming', m."isUpcoming", 'youtube_link', m.youtube_link, 'sequence', m.sequence) order by m.date desc, m.id)
      from public.meetings m where m."districtId" = d.id), '[]'),
    'topics', coalesce((
      select json_agg(json_build_object('id', t.id, 'districtId', t."districtId", 'title', t.title, 'description', t.description, 'upvotes', t.upvotes, 'downvotes', t.downvotes) order by t.id desc)
      from public.topics t where t."districtId" = d.id), '[]'),
    'votings', coalesce((
      select json_agg(json_build_object('id', v.id, 'districtId', v."districtId", 'type', v.type, 'voteDate', v."voteDate", 'category', v.category, 'issue', v.issue,
                                        'outcome', v.outcome, 'votes', v.votes) order by v.id)
      from public.votings v where v."districtId" = d.id), '[]')
  ) as page
) p;

comment on view public.district_pages is 'One district page''s content: the district, its meetings (newest first), topics (newest first) and votes (by id) as one JSON document, with the md5 digest the nightly build compares.';

revoke all on public.district_pages from anon, authenticated;
grant select on public.district_pages to anon, authenticated;
