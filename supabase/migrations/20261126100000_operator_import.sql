-- Operators load a board's record from files (`npm run import`): what a meeting carries so a parent can trust it, a
-- district's NCES id and when its record last changed, the import's scratch rows, the record of every run, and the
-- functions the importer calls (with the service role only).
--
-- What changes for a hosted database:
--   * meetings gain start_time and time_zone, agenda_url, minutes_url and minutes_status, full_video_url and
--     summary_source; districts gain nces_id and records_updated_at. All are null on existing rows.
--   * district_pages carries the new fields. A meeting without any of them, and a district never imported, keep the
--     document they had, so no digest moves when this migration is applied.
--   * import_runs (service role only) and the functions import_begin, import_stage, import_apply, import_discard,
--     import_context (service role only).

alter table public.districts
  add column nces_id text unique check (nces_id ~ '^[0-9]{7}$'),
  add column records_updated_at timestamptz;
comment on column public.districts.nces_id is 'The district''s NCES id (seven digits): how an import may name a district whose id it does not know.';
comment on column public.districts.records_updated_at is 'When an import last added, changed or removed any of the district''s records (shown as "last updated").';

alter table public.meetings
  add column start_time time,
  add column time_zone text check (length(time_zone) between 1 and 64),
  add column agenda_url text check (agenda_url ~ '^https://' and length(agenda_url) <= 2000),
  add column minutes_url text check (minutes_url ~ '^https://' and length(minutes_url) <= 2000),
  add column minutes_status text check (minutes_status in ('draft', 'approved')),
  add column full_video_url text check (full_video_url ~ '^https://' and length(full_video_url) <= 2000),
  add column summary_source text check (summary_source in ('staff', 'ai_video', 'minutes')),
  -- A time means nothing without the zone it is read in; minutes are draft or approved only when there are minutes.
  add constraint meetings_time_needs_zone check (start_time is null or time_zone is not null),
  add constraint meetings_status_needs_minutes check (minutes_status is null or minutes_url is not null);
comment on column public.meetings.start_time is 'When the meeting starts, in time_zone (null: the time is not known; the calendar shows the day).';
comment on column public.meetings.time_zone is 'The IANA time zone of start_time, e.g. America/Los_Angeles.';
comment on column public.meetings.agenda_url is 'The official agenda (https).';
comment on column public.meetings.minutes_url is 'The official minutes (https); minutes_status says whether the board approved them.';
comment on column public.meetings.minutes_status is 'draft or approved.';
comment on column public.meetings.full_video_url is 'The full recording of the meeting (https), wherever the district keeps it.';
comment on column public.meetings.summary_source is 'Where the summary came from: staff (written by staff), ai_video (drafted with AI from the meeting video) or minutes (taken from the minutes).';

-- The calendar's SEQUENCE rises when anything a calendar shows changes, the new fields too.
create or replace function private.raise_meeting_sequence() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new."districtId", new.date, new.title, new.topics, new.summary, new.meeting_type, new."isUpcoming", new.youtube_link,
      new.start_time, new.time_zone, new.agenda_url, new.minutes_url, new.minutes_status, new.full_video_url, new.summary_source)
     is distinct from
     (old."districtId", old.date, old.title, old.topics, old.summary, old.meeting_type, old."isUpcoming", old.youtube_link,
      old.start_time, old.time_zone, old.agenda_url, old.minutes_url, old.minutes_status, old.full_video_url, old.summary_source) then
    new.sequence := old.sequence + 1;
  else
    new.sequence := old.sequence;
  end if;
  return new;
end
$$;

-- The same document as before for rows without the new fields (so their digests stay); the digest leaves out
-- records_updated_at, so a record wiped and loaded again as it was is the same page.
create or replace view public.district_pages with (security_invoker = true) as
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

-- ---------------------------------------------------------------------------------------------------------------
-- The record of every run.
-- ---------------------------------------------------------------------------------------------------------------
create table public.import_runs (
  id uuid primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  -- staging: rows being sent; written; refused (problems, nothing written); abandoned (stopped before it was written).
  status text not null default 'staging' check (status in ('staging', 'written', 'refused', 'abandoned')),
  options jsonb not null default '{}',
  files jsonb not null default '[]',
  counts jsonb not null default '{}',
  problems jsonb not null default '[]'
);
comment on table public.import_runs is 'Every run of npm run import: when, the files and their SHA-256 hashes, the options, counts per kind and the problems. Service role only.';
alter table public.import_runs enable row level security;
revoke all on public.import_runs from anon, authenticated;
grant select on public.import_runs to service_role;
create index import_runs_started_idx on public.import_runs (started_at desc);

-- Rows a run sends before it is written: scratch, never read by the site, emptied when the run ends. Unlogged and
-- without an index, as scratch needs (a crash empties it, which only ends a run that had not been written).
create unlogged table private.import_rows (
  run_id uuid not null,
  kind text not null check (kind in ('districts', 'meetings', 'topics', 'votings')),
  seq integer not null,
  row jsonb not null
);
comment on table private.import_rows is 'The rows of an import run on their way in; import_apply writes them to the record in one transaction.';

-- ---------------------------------------------------------------------------------------------------------------
-- The functions the importer calls.
-- ---------------------------------------------------------------------------------------------------------------

/* Starts a run: records it as staging (files: what it will read), and marks runs left staging for an hour (stopped halfway) abandoned. */
create function public.import_begin(run uuid, options jsonb, files jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.import_runs set status = 'abandoned', finished_at = now()
   where status = 'staging' and started_at < now() - interval '1 hour';
  delete from private.import_rows r using public.import_runs x where r.run_id = x.id and x.status <> 'staging';
  insert into public.import_runs (id, options, files) values (run, options, files);
end
$$;

/* Adds a batch of rows (a JSON array of objects) of one kind to a staging run; seq numbers them in the run. */
create function public.import_stage(run uuid, kind text, first_seq integer, rows jsonb) returns integer
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select from public.import_runs where id = run and status = 'staging') then
    raise exception 'import run % is not staging (it was written, refused or abandoned)', run;
  end if;
  insert into private.import_rows (run_id, kind, seq, row)
  select run, kind, first_seq + o::integer - 1, r from jsonb_array_elements(rows) with ordinality as e(r, o);
  return jsonb_array_length(rows);
end
$$;

/* Ends a run without writing it: a refused or dry run. Its rows go; the run is recorded with its problems. */
create function public.import_discard(run uuid, status text, counts jsonb, problems jsonb, files jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.import_rows where run_id = run;
  if status = 'dry-run' then
    delete from public.import_runs where id = run;
  else
    update public.import_runs set status = import_discard.status, counts = import_discard.counts, problems = import_discard.problems,
                                  files = import_discard.files, finished_at = now() where id = run;
  end if;
end
$$;

/*
  What the checks need from the record: which of the given district ids exist (and the ids of the given NCES ids), and
  every member name already recorded in those districts' votes.
*/
create function public.import_context(district_ids bigint[], nces_ids text[]) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'districts', coalesce((select jsonb_agg(d.id) from public.districts d where d.id = any(district_ids)), '[]'),
    'nces', coalesce((select jsonb_object_agg(d.nces_id, d.id) from public.districts d where d.nces_id = any(nces_ids)), '{}'),
    'members', coalesce((
      select jsonb_object_agg(k.district, k.names) from (
        select n.district, jsonb_agg(distinct n.name) as names
        from (select v."districtId" as district, item ->> 'name' as name
                from public.votings v
                cross join lateral jsonb_array_elements(case jsonb_typeof(v.votes) when 'array' then v.votes else '[]' end) item
               where v."districtId" = any(district_ids) and jsonb_typeof(item) = 'object' and item ? 'name') n
        group by n.district) k), '{}'))
$$;

/* Moves the id sequence of a public table past an id (and past every id the table holds), never back. */
create function private.import_move_sequence(tab text, upto bigint) returns void
language plpgsql set search_path = '' as $$
declare
  seq text := pg_get_serial_sequence('public.' || quote_ident(tab), 'id');
  top bigint;
  last bigint;
begin
  execute format('select max(id) from public.%I', tab) into top;
  execute format('select case when is_called then last_value else last_value - 1 end from %s', seq) into last;
  top := greatest(coalesce(top, 0), coalesce(upto, 0));
  if top > last then perform setval(seq, top); end if;
end
$$;
revoke all on function private.import_move_sequence(text, bigint) from public;

/*
  Writes a staging run to the record, in this one transaction, and records it. Rows are matched by natural keys: a
  district by id or NCES id; a meeting by district, date and title; a topic by district and title; a vote by district,
  date and issue. A column a row does not name is left as it is. A new row takes the id it brings when that id is
  free. With replace, a district's rows of a kind the run brings that the run does not mention are removed (listed in
  the answer). Districts whose record changed get records_updated_at = now(). dry_run: the answer, nothing written.
  Answers {counts: {kind: {added, changed, unchanged, removed}}, removed: [{kind, district_id, id, key}]}.
*/
create function public.import_apply(run uuid, replace boolean, dry_run boolean, problems jsonb, files jsonb) returns jsonb
language plpgsql security definer set search_path = '' set statement_timeout = 0 as $$
declare
  totals jsonb := '{}';
  removed jsonb;
  n_added integer; n_changed integer; n_unchanged integer; n_removed integer;
begin
  if not exists (select from public.import_runs where id = run and status = 'staging') then
    raise exception 'import run % is not staging (it was written, refused or abandoned)', run;
  end if;

  -- Districts: matched by id, else by NCES id.
  create temporary table import_d on commit drop as
  select s.seq, s.row as r, coalesce(byid.id, bynces.id) as match_id,
         coalesce(byid.id, bynces.id, (s.row ->> 'id')::bigint) as district_id
    from private.import_rows s
    left join public.districts byid on byid.id = (s.row ->> 'id')::bigint
    left join public.districts bynces on byid.id is null and bynces.nces_id = s.row ->> 'nces_id'
   where s.run_id = run and s.kind = 'districts';
  create temporary table import_d_changed on commit drop as
  select i.* from import_d i join public.districts d on d.id = i.match_id
   where (case when i.r ? 'nces_id' then i.r ->> 'nces_id' else d.nces_id end,
          case when i.r ? 'name' then i.r ->> 'name' else d.name end,
          case when i.r ? 'state' then i.r ->> 'state' else d.state end,
          case when i.r ? 'county' then i.r ->> 'county' else d.county end,
          case when i.r ? 'address' then i.r ->> 'address' else d.address end,
          case when i.r ? 'phone' then i.r ->> 'phone' else d.phone end,
          case when i.r ? 'totalStudents' then (i.r ->> 'totalStudents')::integer else d."totalStudents" end)
         is distinct from (d.nces_id, d.name, d.state, d.county, d.address, d.phone, d."totalStudents");
  select count(*) filter (where match_id is null), (select count(*) from import_d_changed), count(*) filter (where match_id is not null) - (select count(*) from import_d_changed)
    into n_added, n_changed, n_unchanged from import_d;
  totals := totals || jsonb_build_object('districts', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', 0));

  -- Meetings, topics, votes: each staged row with the id of the row it matches.
  create temporary table import_m on commit drop as
  select s.seq, s.row as r, (s.row ->> 'districtId')::bigint as district_id, m.id as match_id
    from private.import_rows s
    left join lateral (select m.id from public.meetings m
                        where m."districtId" = (s.row ->> 'districtId')::bigint and m.date = (s.row ->> 'date')::date
                          and m.title is not distinct from (s.row ->> 'title') order by m.id limit 1) m on true
   where s.run_id = run and s.kind = 'meetings';
  create temporary table import_m_changed on commit drop as
  select i.* from import_m i join public.meetings m on m.id = i.match_id
   where (case when i.r ? 'topics' then nullif(i.r -> 'topics', 'null'::jsonb) else m.topics end,
          case when i.r ? 'summary' then i.r ->> 'summary' else m.summary end,
          case when i.r ? 'meeting_type' then i.r ->> 'meeting_type' else m.meeting_type end,
          case when i.r ? 'isUpcoming' then (i.r ->> 'isUpcoming')::boolean else m."isUpcoming" end,
          case when i.r ? 'youtube_link' then i.r ->> 'youtube_link' else m.youtube_link end,
          case when i.r ? 'start_time' then (i.r ->> 'start_time')::time else m.start_time end,
          case when i.r ? 'time_zone' then i.r ->> 'time_zone' else m.time_zone end,
          case when i.r ? 'agenda_url' then i.r ->> 'agenda_url' else m.agenda_url end,
          case when i.r ? 'minutes_url' then i.r ->> 'minutes_url' else m.minutes_url end,
          case when i.r ? 'minutes_status' then i.r ->> 'minutes_status' else m.minutes_status end,
          case when i.r ? 'full_video_url' then i.r ->> 'full_video_url' else m.full_video_url end,
          case when i.r ? 'summary_source' then i.r ->> 'summary_source' else m.summary_source end)
         is distinct from (m.topics, m.summary, m.meeting_type, m."isUpcoming", m.youtube_link, m.start_time, m.time_zone, m.agenda_url,
                           m.minutes_url, m.minutes_status, m.full_video_url, m.summary_source);

  create temporary table import_t on commit drop as
  select s.seq, s.row as r, (s.row ->> 'districtId')::bigint as district_id, t.id as match_id
    from private.import_rows s
    left join lateral (select t.id from public.topics t
                        where t."districtId" = (s.row ->> 'districtId')::bigint and t.title = s.row ->> 'title' order by t.id limit 1) t on true
   where s.run_id = run and s.kind = 'topics';
  create temporary table import_t_changed on commit drop as
  select i.* from import_t i join public.topics t on t.id = i.match_id
   where (case when i.r ? 'description' then i.r ->> 'description' else t.description end,
          case when i.r ? 'upvotes' then (i.r ->> 'upvotes')::integer else t.upvotes end,
          case when i.r ? 'downvotes' then (i.r ->> 'downvotes')::integer else t.downvotes end)
         is distinct from (t.description, t.upvotes, t.downvotes);

  create temporary table import_v on commit drop as
  select s.seq, s.row as r, (s.row ->> 'districtId')::bigint as district_id, v.id as match_id
    from private.import_rows s
    left join lateral (select v.id from public.votings v
                        where v."districtId" = (s.row ->> 'districtId')::bigint and v."voteDate" = (s.row ->> 'voteDate')::date
                          and v.issue = s.row ->> 'issue' order by v.id limit 1) v on true
   where s.run_id = run and s.kind = 'votings';
  create temporary table import_v_changed on commit drop as
  select i.* from import_v i join public.votings v on v.id = i.match_id
   where (case when i.r ? 'type' then i.r ->> 'type' else v.type end,
          case when i.r ? 'category' then i.r ->> 'category' else v.category end,
          case when i.r ? 'outcome' then i.r ->> 'outcome' else v.outcome end,
          case when i.r ? 'votes' then i.r -> 'votes' else v.votes end)
         is distinct from (v.type, v.category, v.outcome, v.votes);

  -- With replace: the rows of each (district, kind) the run brings that no staged row matched.
  create temporary table import_removed (kind text, district_id bigint, id bigint, key text) on commit drop;
  if replace then
    insert into import_removed
    select 'meetings', m."districtId", m.id, m.date::text || ' ' || coalesce(m.title, '(no title)') from public.meetings m
     where m."districtId" in (select district_id from import_m) and m.id not in (select match_id from import_m where match_id is not null);
    insert into import_removed
    select 'topics', t."districtId", t.id, t.title from public.topics t
     where t."districtId" in (select district_id from import_t) and t.id not in (select match_id from import_t where match_id is not null);
    insert into import_removed
    select 'votings', v."districtId", v.id, coalesce(v."voteDate"::text, '(no date)') || ' ' || coalesce(v.issue, '(no issue)') from public.votings v
     where v."districtId" in (select district_id from import_v) and v.id not in (select match_id from import_v where match_id is not null);
  end if;

  select count(*) filter (where match_id is null), (select count(*) from import_m_changed), count(*) filter (where match_id is not null) - (select count(*) from import_m_changed),
         (select count(*) from import_removed where kind = 'meetings')
    into n_added, n_changed, n_unchanged, n_removed from import_m;
  totals := totals || jsonb_build_object('meetings', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', n_removed));
  select count(*) filter (where match_id is null), (select count(*) from import_t_changed), count(*) filter (where match_id is not null) - (select count(*) from import_t_changed),
         (select count(*) from import_removed where kind = 'topics')
    into n_added, n_changed, n_unchanged, n_removed from import_t;
  totals := totals || jsonb_build_object('topics', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', n_removed));
  select count(*) filter (where match_id is null), (select count(*) from import_v_changed), count(*) filter (where match_id is not null) - (select count(*) from import_v_changed),
         (select count(*) from import_removed where kind = 'votings')
    into n_added, n_changed, n_unchanged, n_removed from import_v;
  totals := totals || jsonb_build_object('votings', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', n_removed));
  select coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'district_id', district_id, 'id', id, 'key', key) order by kind, district_id, id), '[]') into removed from import_removed;

  if dry_run then
    perform public.import_discard(run, 'dry-run', totals, problems, files);
    return jsonb_build_object('counts', totals, 'removed', removed);
  end if;

  -- Ids the files bring may be past a sequence: move each past them first, so no id it gives out is one of theirs.
  perform private.import_move_sequence('districts', (select max((r ->> 'id')::bigint) from import_d));
  perform private.import_move_sequence('meetings', (select max((r ->> 'id')::bigint) from import_m));
  perform private.import_move_sequence('topics', (select max((r ->> 'id')::bigint) from import_t));
  perform private.import_move_sequence('votings', (select max((r ->> 'id')::bigint) from import_v));

  -- Districts first: the other rows may belong to one added here.
  insert into public.districts (id, nces_id, name, state, county, address, phone, "totalStudents")
  select coalesce((r ->> 'id')::bigint, nextval(pg_get_serial_sequence('public.districts', 'id'))), r ->> 'nces_id', r ->> 'name', r ->> 'state', r ->> 'county', r ->> 'address', r ->> 'phone', (r ->> 'totalStudents')::integer
    from import_d where match_id is null order by seq;
  update public.districts d set
    nces_id = case when i.r ? 'nces_id' then i.r ->> 'nces_id' else d.nces_id end,
    name = case when i.r ? 'name' then i.r ->> 'name' else d.name end,
    state = case when i.r ? 'state' then i.r ->> 'state' else d.state end,
    county = case when i.r ? 'county' then i.r ->> 'county' else d.county end,
    address = case when i.r ? 'address' then i.r ->> 'address' else d.address end,
    phone = case when i.r ? 'phone' then i.r ->> 'phone' else d.phone end,
    "totalStudents" = case when i.r ? 'totalStudents' then (i.r ->> 'totalStudents')::integer else d."totalStudents" end
  from import_d_changed i where d.id = i.match_id;

  delete from public.meetings where id in (select id from import_removed where kind = 'meetings');
  delete from public.topics where id in (select id from import_removed where kind = 'topics');
  delete from public.votings where id in (select id from import_removed where kind = 'votings');

  -- New rows in the order the files give them, each with the id it brings when no row has that id.
  insert into public.meetings (id, "districtId", date, title, topics, summary, meeting_type, "isUpcoming", youtube_link,
                               start_time, time_zone, agenda_url, minutes_url, minutes_status, full_video_url, summary_source)
  select case when (r ->> 'id') is not null and not exists (select from public.meetings x where x.id = (r ->> 'id')::bigint)
              then (r ->> 'id')::bigint else nextval(pg_get_serial_sequence('public.meetings', 'id')) end,
         district_id, (r ->> 'date')::date, r ->> 'title', nullif(r -> 'topics', 'null'::jsonb), r ->> 'summary', coalesce(r ->> 'meeting_type', 'normal'),
         coalesce((r ->> 'isUpcoming')::boolean, false), r ->> 'youtube_link', (r ->> 'start_time')::time, r ->> 'time_zone', r ->> 'agenda_url',
         r ->> 'minutes_url', r ->> 'minutes_status', r ->> 'full_video_url', r ->> 'summary_source'
    from import_m where match_id is null order by seq;
  update public.meetings m set
    topics = case when i.r ? 'topics' then nullif(i.r -> 'topics', 'null'::jsonb) else m.topics end,
    summary = case when i.r ? 'summary' then i.r ->> 'summary' else m.summary end,
    meeting_type = case when i.r ? 'meeting_type' then coalesce(i.r ->> 'meeting_type', 'normal') else m.meeting_type end,
    "isUpcoming" = case when i.r ? 'isUpcoming' then coalesce((i.r ->> 'isUpcoming')::boolean, false) else m."isUpcoming" end,
    youtube_link = case when i.r ? 'youtube_link' then i.r ->> 'youtube_link' else m.youtube_link end,
    start_time = case when i.r ? 'start_time' then (i.r ->> 'start_time')::time else m.start_time end,
    time_zone = case when i.r ? 'time_zone' then i.r ->> 'time_zone' else m.time_zone end,
    agenda_url = case when i.r ? 'agenda_url' then i.r ->> 'agenda_url' else m.agenda_url end,
    minutes_url = case when i.r ? 'minutes_url' then i.r ->> 'minutes_url' else m.minutes_url end,
    minutes_status = case when i.r ? 'minutes_status' then i.r ->> 'minutes_status' else m.minutes_status end,
    full_video_url = case when i.r ? 'full_video_url' then i.r ->> 'full_video_url' else m.full_video_url end,
    summary_source = case when i.r ? 'summary_source' then i.r ->> 'summary_source' else m.summary_source end
  from import_m_changed i where m.id = i.match_id;

  insert into public.topics (id, "districtId", title, description, upvotes, downvotes)
  select case when (r ->> 'id') is not null and not exists (select from public.topics x where x.id = (r ->> 'id')::bigint)
              then (r ->> 'id')::bigint else nextval(pg_get_serial_sequence('public.topics', 'id')) end,
         district_id, r ->> 'title', r ->> 'description', coalesce((r ->> 'upvotes')::integer, 0), coalesce((r ->> 'downvotes')::integer, 0)
    from import_t where match_id is null order by seq;
  update public.topics t set
    description = case when i.r ? 'description' then i.r ->> 'description' else t.description end,
    upvotes = case when i.r ? 'upvotes' then coalesce((i.r ->> 'upvotes')::integer, 0) else t.upvotes end,
    downvotes = case when i.r ? 'downvotes' then coalesce((i.r ->> 'downvotes')::integer, 0) else t.downvotes end
  from import_t_changed i where t.id = i.match_id;

  insert into public.votings (id, "districtId", type, "voteDate", category, issue, outcome, votes)
  select case when (r ->> 'id') is not null and not exists (select from public.votings x where x.id = (r ->> 'id')::bigint)
              then (r ->> 'id')::bigint else nextval(pg_get_serial_sequence('public.votings', 'id')) end,
         district_id, coalesce(r ->> 'type', 'recent'), (r ->> 'voteDate')::date, r ->> 'category', r ->> 'issue', r ->> 'outcome', r -> 'votes'
    from import_v where match_id is null order by seq;
  update public.votings v set
    type = case when i.r ? 'type' then i.r ->> 'type' else v.type end,
    category = case when i.r ? 'category' then i.r ->> 'category' else v.category end,
    outcome = case when i.r ? 'outcome' then i.r ->> 'outcome' else v.outcome end,
    votes = case when i.r ? 'votes' then i.r -> 'votes' else v.votes end
  from import_v_changed i where v.id = i.match_id;

  update public.districts set records_updated_at = now()
   where id in (select district_id from import_d where match_id is null
                union select match_id from import_d_changed
                union select district_id from import_m where match_id is null union select district_id from import_m_changed
                union select district_id from import_t where match_id is null union select district_id from import_t_changed
                union select district_id from import_v where match_id is null union select district_id from import_v_changed
                union select district_id from import_removed);

  delete from private.import_rows where run_id = run;
  update public.import_runs set status = 'written', counts = totals, problems = import_apply.problems, files = import_apply.files, finished_at = now() where id = run;
  return jsonb_build_object('counts', totals, 'removed', removed);
end
$$;

revoke all on function public.import_begin(uuid, jsonb, jsonb), public.import_stage(uuid, text, integer, jsonb), public.import_discard(uuid, text, jsonb, jsonb, jsonb),
  public.import_context(bigint[], text[]), public.import_apply(uuid, boolean, boolean, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.import_begin(uuid, jsonb, jsonb), public.import_stage(uuid, text, integer, jsonb), public.import_discard(uuid, text, jsonb, jsonb, jsonb),
  public.import_context(bigint[], text[]), public.import_apply(uuid, boolean, boolean, jsonb, jsonb) to service_role;

notify pgrst, 'reload schema';
