-- meetings.sequence: how many times a meeting has changed since it was first written, for the district's calendar
-- feed (iCalendar's SEQUENCE: a calendar that already holds the meeting replaces it only when the number rises).
-- A trigger keeps it, so every writer (the operators' imports, the SQL editor) raises it alike; writing a row again
-- unchanged leaves it as it was. district_pages carries it, so every page's digest changes once with this migration
-- (the first nightly build after it reads every district again).

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

create or replace view public.district_pages with (security_invoker = true) as
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
