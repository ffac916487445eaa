-- Operators load a board's record from files (`npm run import`): the import's scratch rows, the record of every run,
-- each row's fingerprint and the functions the importer calls (with the service role only). What a meeting carries so
-- a parent can trust it (start time and zone, agenda, minutes, full video, where the summary came from) and a
-- district's NCES id and when its record last changed are columns of the public tables.
--
-- An import re-reads a whole state's files every night, and most rows are as they were: the fingerprints make the
-- unchanged rows cheap, and the rows that are written cheaper to write. For each row an import wrote (or found as it
-- was) private.import_fingerprints keeps the fingerprint of the file row (SHA-1 of its columns as the importer read
-- them) and the row version it describes (the row's xmin). The next run asks for them (import_fingerprints) and sends
-- only the rows whose fingerprint differs: a row changed by anything else since (a resident's vote on a topic, an edit
-- in SQL, a delete) has a new xmin, or none, so its fingerprint no longer counts and the row is compared in full. A
-- dump and restore makes every row new: the first run after it compares every row once.

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
  row jsonb not null,
  fingerprint text
);
comment on table private.import_rows is 'The rows of an import run on their way in, each with its fingerprint; import_apply writes them to the record in one transaction. A direct connection may COPY into it.';

create table private.import_fingerprints (
  kind text not null check (kind in ('districts', 'meetings', 'topics', 'votings')),
  id bigint not null,
  row_xmin xid not null,
  fingerprint text not null,
  primary key (kind, id)
);
comment on table private.import_fingerprints is 'The fingerprint of the file row an import last wrote or found unchanged, per row of the record, valid while the row keeps the version (xmin) it had then.';

create unlogged table private.import_kept (
  run_id uuid not null,
  kind text not null check (kind in ('districts', 'meetings', 'topics', 'votings')),
  district_id bigint not null,
  id bigint not null
);
comment on table private.import_kept is 'With --replace: the rows an import run found unchanged by their fingerprint (not sent), or named by the natural key of a row it refused, which the files still mention.';

-- ---------------------------------------------------------------------------------------------------------------
-- Starting, staging and ending a run.
-- ---------------------------------------------------------------------------------------------------------------

/* Starts a run: records it as staging (files: what it will read), and marks runs left staging for an hour (stopped halfway) abandoned. */
create function public.import_begin(run uuid, options jsonb, files jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.import_runs set status = 'abandoned', finished_at = now()
   where status = 'staging' and started_at < now() - interval '1 hour';
  delete from private.import_rows r using public.import_runs x where r.run_id = x.id and x.status <> 'staging';
  delete from private.import_kept r using public.import_runs x where r.run_id = x.id and x.status <> 'staging';
  insert into public.import_runs (id, options, files) values (run, options, files);
end
$$;
comment on function public.import_begin(uuid, jsonb, jsonb) is 'Starts an import run (staging), and marks runs left staging for an hour abandoned.';

/* Adds a batch of rows (a JSON array of objects) of one kind to a staging run, each with its fingerprint; seq numbers them in the run. */
create function public.import_stage(run uuid, kind text, first_seq integer, rows jsonb, fingerprints text[]) returns integer
language plpgsql security definer set search_path = '' as $$
begin
  -- One import writes at a time per database: a second waits here until the first has committed, then matches its
  -- rows against what the first wrote (two at once never store a row twice).
  perform pg_advisory_xact_lock(hashtext('public.import_apply'));
  if not exists (select from public.import_runs where id = run and status = 'staging') then
    raise exception 'import run % is not staging (it was written, refused or abandoned)', run;
  end if;
  insert into private.import_rows (run_id, kind, seq, row, fingerprint)
  select run, kind, first_seq + o::integer - 1, r, fingerprints[o] from jsonb_array_elements(rows) with ordinality as e(r, o);
  return jsonb_array_length(rows);
end
$$;
comment on function public.import_stage(uuid, text, integer, jsonb, text[]) is 'Adds a batch of rows of one kind, with their fingerprints, to a staging import run; answers how many.';

/* With replace: rows of a run found unchanged by their fingerprint, by kind, district and id. */
create function public.import_keep(run uuid, kind text, district_ids bigint[], ids bigint[]) returns integer
language plpgsql security definer set search_path = '' as $$
begin
  -- One import writes at a time per database: a second waits here until the first has committed, then matches its
  -- rows against what the first wrote (two at once never store a row twice).
  perform pg_advisory_xact_lock(hashtext('public.import_apply'));
  if not exists (select from public.import_runs where id = run and status = 'staging') then
    raise exception 'import run % is not staging (it was written, refused or abandoned)', run;
  end if;
  insert into private.import_kept (run_id, kind, district_id, id)
  select run, kind, d, i from unnest(district_ids, ids) as k(d, i);
  return cardinality(ids);
end
$$;
comment on function public.import_keep(uuid, text, bigint[], bigint[]) is 'With replace: records the rows of a run found unchanged by their fingerprint, or named by a refused row''s natural key, which the files still mention; answers how many.';

/* Ends a run without writing it: a refused or dry run. Its rows go; the run is recorded with its problems. */
create function public.import_discard(run uuid, status text, counts jsonb, problems jsonb, files jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.import_rows where run_id = run;
  delete from private.import_kept where run_id = run;
  if status = 'dry-run' then
    delete from public.import_runs where id = run;
  else
    update public.import_runs set status = import_discard.status, counts = import_discard.counts, problems = import_discard.problems,
                                  files = import_discard.files, finished_at = now() where id = run;
  end if;
end
$$;
comment on function public.import_discard(uuid, text, jsonb, jsonb, jsonb) is 'Ends an import run without writing it (refused, or a dry run, which leaves no record).';

-- ---------------------------------------------------------------------------------------------------------------
-- What the checks and the fingerprints need from the record.
-- ---------------------------------------------------------------------------------------------------------------

/* Which of the given district ids exist, and the ids of the given NCES ids ('members' is empty: import_members reads them, for the districts whose votes a file brings). */
create function public.import_context(district_ids bigint[], nces_ids text[]) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'districts', coalesce((select jsonb_agg(d.id) from public.districts d where d.id = any(district_ids)), '[]'),
    'nces', coalesce((select jsonb_object_agg(d.nces_id, d.id) from public.districts d where d.nces_id = any(nces_ids)), '{}'),
    'members', '{}'::jsonb)
$$;
comment on function public.import_context(bigint[], text[]) is 'Which of the given district ids exist, and the ids of the given NCES ids; answers {districts, nces, members}.';

/* Every member name already recorded in the given districts' votes, by district. */
create function public.import_members(district_ids bigint[]) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select jsonb_object_agg(k.district, k.names) from (
      select n.district, jsonb_agg(distinct n.name) as names
      from (select v."districtId" as district, item ->> 'name' as name
              from public.votings v
              cross join lateral jsonb_array_elements(case jsonb_typeof(v.votes) when 'array' then v.votes else '[]' end) item
             where v."districtId" = any(district_ids) and jsonb_typeof(item) = 'object' and item ? 'name') n
      group by n.district) k), '{}')
$$;
comment on function public.import_members(bigint[]) is 'Every member name already recorded in the given districts'' votes, by district.';

/*
  The fingerprints of the rows of one kind the given districts hold, by natural key as the importer writes it
  ('12|2025-06-17|Regular Board Meeting', '12|Budget', '12|2025-06-17|Adopt the budget', 'id 12'): {key: [fingerprint,
  id]}, for the row import_apply would match (the lowest id of its key) when its fingerprint is still valid (the row
  has the version it had when the fingerprint was recorded).
*/
create function public.import_fingerprints(kind text, district_ids bigint[]) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  found jsonb;
begin
  if kind = 'districts' then
    select jsonb_object_agg('id ' || d.id, jsonb_build_array(f.fingerprint, d.id)) into found
      from public.districts d
      join private.import_fingerprints f on f.kind = 'districts' and f.id = d.id and f.row_xmin = d.xmin
     where d.id = any(district_ids);
  elsif kind = 'meetings' then
    select jsonb_object_agg(k.key, jsonb_build_array(k.fingerprint, k.id)) into found
      from (select distinct on (key) key, id, fingerprint
              from (select m."districtId" || '|' || to_char(m.date, 'YYYY-MM-DD') || '|' || coalesce(m.title, '') as key, m.id, f.fingerprint
                      from public.meetings m
                      left join private.import_fingerprints f on f.kind = 'meetings' and f.id = m.id and f.row_xmin = m.xmin
                     where m."districtId" = any(district_ids)) rows
             order by key, id) k
     where k.fingerprint is not null;
  elsif kind = 'topics' then
    select jsonb_object_agg(k.key, jsonb_build_array(k.fingerprint, k.id)) into found
      from (select distinct on (key) key, id, fingerprint
              from (select t."districtId" || '|' || t.title as key, t.id, f.fingerprint
                      from public.topics t
                      left join private.import_fingerprints f on f.kind = 'topics' and f.id = t.id and f.row_xmin = t.xmin
                     where t."districtId" = any(district_ids) and t.title is not null) rows
             order by key, id) k
     where k.fingerprint is not null;
  elsif kind = 'votings' then
    select jsonb_object_agg(k.key, jsonb_build_array(k.fingerprint, k.id)) into found
      from (select distinct on (key) key, id, fingerprint
              from (select v."districtId" || '|' || to_char(v."voteDate", 'YYYY-MM-DD') || '|' || v.issue as key, v.id, f.fingerprint
                      from public.votings v
                      left join private.import_fingerprints f on f.kind = 'votings' and f.id = v.id and f.row_xmin = v.xmin
                     where v."districtId" = any(district_ids) and v."voteDate" is not null and v.issue is not null) rows
             order by key, id) k
     where k.fingerprint is not null;
  else
    raise exception 'unknown kind %', kind;
  end if;
  return coalesce(found, '{}');
end
$$;
comment on function public.import_fingerprints(text, bigint[]) is 'The still valid fingerprints of the rows of one kind the given districts hold, by natural key: {key: [fingerprint, id]}.';

-- ---------------------------------------------------------------------------------------------------------------
-- Writing a run.
-- ---------------------------------------------------------------------------------------------------------------

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
comment on function private.import_move_sequence(text, bigint) is 'Moves the id sequence of a public table past an id and every id the table holds, never back.';

/*
  Before a bulk load into an empty table: drops its secondary indexes (not its primary key or a unique one) and
  answers their definitions, to build again once the rows are in (a GIN index built whole costs a fraction of one
  kept up row by row). A table with rows keeps its indexes: nothing is dropped. The drop locks the table until the
  run's transaction ends, which an empty table can afford.
*/
create function private.import_set_aside_indexes(tab regclass) returns text[]
language plpgsql set search_path = '' as $$
declare
  defs text[] := '{}';
  empty boolean;
  found record;
begin
  execute format('select not exists (select from %s)', tab) into empty;
  if not empty then
    return defs;
  end if;
  for found in select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
                 from pg_index i where i.indrelid = tab and not i.indisunique and not i.indisprimary loop
    defs := defs || found.def;
    execute 'drop index ' || found.name;
  end loop;
  return defs;
end
$$;

/* Builds again the indexes import_set_aside_indexes dropped, from their definitions. */
create function private.import_restore_indexes(defs text[]) returns void
language plpgsql set search_path = '' as $$
declare
  def text;
begin
  if cardinality(defs) > 0 then
    perform set_config('maintenance_work_mem', '128MB', true);
  end if;
  foreach def in array defs loop
    execute def;
  end loop;
end
$$;
revoke all on function private.import_set_aside_indexes(regclass), private.import_restore_indexes(text[]) from public;
comment on function private.import_set_aside_indexes(regclass) is 'Before a bulk load into an empty table: drops its secondary indexes and answers their definitions.';
comment on function private.import_restore_indexes(text[]) is 'Builds again the indexes import_set_aside_indexes dropped.';

/*
  Whether another import is writing to this database now (it holds import_apply's lock). When none is, the lock is
  taken for the caller's transaction: a run on a direct connection then holds it until it ends.
*/
create function public.import_busy() returns boolean
language sql security definer set search_path = '' as $$
  select not pg_try_advisory_xact_lock(hashtext('public.import_apply'))
$$;
comment on function public.import_busy() is 'Whether another import is writing now; when not, takes the import lock for the caller''s transaction.';

/*
  Writes a staging run to the record, in this one transaction, and records it. Rows are matched by natural keys: a
  district by id or NCES id; a meeting by district, date and title; a topic by district and title; a vote by district,
  date and issue. A column a row does not name is left as it is. A new row takes the id it brings when that id is
  free. With replace, a district's rows of a kind the run brings that the run does not mention (sent, or kept by
  import_keep) are removed (listed in the answer), except where `held` holds the district back: {kind: [district
  ids]} or {kind: "all"}, the kinds and districts of which the files had a row or a file refused (a refused row is
  still in the files, though the run cannot tell which row of the record it meant). Districts whose record changed get records_updated_at = now().
  unchanged: rows the importer found unchanged by their fingerprint and did not send, by kind ({"meetings": 120}),
  counted as unchanged. Every row sent has its fingerprint recorded. dry_run: the answer, nothing written.
  Answers {counts: {kind: {added, changed, unchanged, removed}}, removed: [{kind, district_id, id, key}]}.
*/
create function public.import_apply(run uuid, replace boolean, dry_run boolean, problems jsonb, files jsonb, unchanged jsonb default '{}', held jsonb default '{}')
returns jsonb
language plpgsql security definer set search_path = '' set statement_timeout = 0 as $$
declare
  totals jsonb := '{}';
  removed jsonb;
  n_added integer; n_changed integer; n_unchanged integer; n_removed integer;
  skipped integer;
  set_aside text[] := '{}';
begin
  -- One import writes at a time per database: a second waits here until the first has committed, then matches its
  -- rows against what the first wrote (two at once never store a row twice).
  perform pg_advisory_xact_lock(hashtext('public.import_apply'));
  if not exists (select from public.import_runs where id = run and status = 'staging') then
    raise exception 'import run % is not staging (it was written, refused or abandoned)', run;
  end if;

  -- Districts: matched by id, else by NCES id.
  create temporary table import_d on commit drop as
  select s.seq, s.row as r, s.fingerprint, coalesce(byid.id, bynces.id) as match_id,
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
  skipped := coalesce((unchanged ->> 'districts')::integer, 0);
  select count(*) filter (where match_id is null), (select count(*) from import_d_changed), count(*) filter (where match_id is not null) - (select count(*) from import_d_changed) + skipped
    into n_added, n_changed, n_unchanged from import_d;
  totals := totals || jsonb_build_object('districts', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', 0));

  -- Meetings, topics, votes: each staged row with the id of the row it matches.
  create temporary table import_m on commit drop as
  select s.seq, s.row as r, s.fingerprint, (s.row ->> 'districtId')::bigint as district_id, m.id as match_id
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
  select s.seq, s.row as r, s.fingerprint, (s.row ->> 'districtId')::bigint as district_id, t.id as match_id
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
  select s.seq, s.row as r, s.fingerprint, (s.row ->> 'districtId')::bigint as district_id, v.id as match_id
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

  -- With replace: the rows of each (district, kind) the run brings that no row of the run matched or kept.
  create temporary table import_removed (kind text, district_id bigint, id bigint, key text) on commit drop;
  if replace then
    insert into import_removed
    select 'meetings', m."districtId", m.id, m.date::text || ' ' || coalesce(m.title, '(no title)') from public.meetings m
     where m."districtId" in (select district_id from import_m union select k.district_id from private.import_kept k where k.run_id = run and k.kind = 'meetings')
       and m.id not in (select match_id from import_m where match_id is not null union select k.id from private.import_kept k where k.run_id = run and k.kind = 'meetings')
       and not (coalesce(held -> 'meetings', '[]') = '"all"' or coalesce(held -> 'meetings', '[]') @> to_jsonb(m."districtId"));
    insert into import_removed
    select 'topics', t."districtId", t.id, t.title from public.topics t
     where t."districtId" in (select district_id from import_t union select k.district_id from private.import_kept k where k.run_id = run and k.kind = 'topics')
       and t.id not in (select match_id from import_t where match_id is not null union select k.id from private.import_kept k where k.run_id = run and k.kind = 'topics')
       and not (coalesce(held -> 'topics', '[]') = '"all"' or coalesce(held -> 'topics', '[]') @> to_jsonb(t."districtId"));
    insert into import_removed
    select 'votings', v."districtId", v.id, coalesce(v."voteDate"::text, '(no date)') || ' ' || coalesce(v.issue, '(no issue)') from public.votings v
     where v."districtId" in (select district_id from import_v union select k.district_id from private.import_kept k where k.run_id = run and k.kind = 'votings')
       and v.id not in (select match_id from import_v where match_id is not null union select k.id from private.import_kept k where k.run_id = run and k.kind = 'votings')
       and not (coalesce(held -> 'votings', '[]') = '"all"' or coalesce(held -> 'votings', '[]') @> to_jsonb(v."districtId"));
  end if;

  skipped := coalesce((unchanged ->> 'meetings')::integer, 0);
  select count(*) filter (where match_id is null), (select count(*) from import_m_changed), count(*) filter (where match_id is not null) - (select count(*) from import_m_changed) + skipped,
         (select count(*) from import_removed where kind = 'meetings')
    into n_added, n_changed, n_unchanged, n_removed from import_m;
  totals := totals || jsonb_build_object('meetings', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', n_removed));
  skipped := coalesce((unchanged ->> 'topics')::integer, 0);
  select count(*) filter (where match_id is null), (select count(*) from import_t_changed), count(*) filter (where match_id is not null) - (select count(*) from import_t_changed) + skipped,
         (select count(*) from import_removed where kind = 'topics')
    into n_added, n_changed, n_unchanged, n_removed from import_t;
  totals := totals || jsonb_build_object('topics', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', n_removed));
  skipped := coalesce((unchanged ->> 'votings')::integer, 0);
  select count(*) filter (where match_id is null), (select count(*) from import_v_changed), count(*) filter (where match_id is not null) - (select count(*) from import_v_changed) + skipped,
         (select count(*) from import_removed where kind = 'votings')
    into n_added, n_changed, n_unchanged, n_removed from import_v;
  totals := totals || jsonb_build_object('votings', jsonb_build_object('added', n_added, 'changed', n_changed, 'unchanged', n_unchanged, 'removed', n_removed));
  select coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'district_id', district_id, 'id', id, 'key', key) order by kind, district_id, id), '[]') into removed from import_removed;

  if dry_run then
    delete from private.import_kept where run_id = run;
    perform public.import_discard(run, 'dry-run', totals, problems, files);
    return jsonb_build_object('counts', totals, 'removed', removed);
  end if;

  -- Ids the files bring may be past a sequence: move each past them first, so no id it gives out is one of theirs.
  perform private.import_move_sequence('districts', (select max((r ->> 'id')::bigint) from import_d));
  perform private.import_move_sequence('meetings', (select max((r ->> 'id')::bigint) from import_m));
  perform private.import_move_sequence('topics', (select max((r ->> 'id')::bigint) from import_t));
  perform private.import_move_sequence('votings', (select max((r ->> 'id')::bigint) from import_v));

  -- Each new row's id, in the order the files give them: the id it brings when no row has that id, else the next one.
  create temporary table import_d_new on commit drop as
  select seq, fingerprint, coalesce((r ->> 'id')::bigint, nextval(pg_get_serial_sequence('public.districts', 'id'))) as id
    from import_d where match_id is null order by seq;
  create temporary table import_m_new on commit drop as
  select seq, fingerprint, case when (r ->> 'id') is not null and not exists (select from public.meetings x where x.id = (r ->> 'id')::bigint)
                   then (r ->> 'id')::bigint else nextval(pg_get_serial_sequence('public.meetings', 'id')) end as id
    from import_m where match_id is null order by seq;
  create temporary table import_t_new on commit drop as
  select seq, fingerprint, case when (r ->> 'id') is not null and not exists (select from public.topics x where x.id = (r ->> 'id')::bigint)
                   then (r ->> 'id')::bigint else nextval(pg_get_serial_sequence('public.topics', 'id')) end as id
    from import_t where match_id is null order by seq;
  create temporary table import_v_new on commit drop as
  select seq, fingerprint, case when (r ->> 'id') is not null and not exists (select from public.votings x where x.id = (r ->> 'id')::bigint)
                   then (r ->> 'id')::bigint else nextval(pg_get_serial_sequence('public.votings', 'id')) end as id
    from import_v where match_id is null order by seq;

  -- The fingerprint of every row written, with the version (xmin) the row has now.
  create temporary table import_prints (kind text, id bigint, row_xmin xid, fingerprint text) on commit drop;

  -- A table still empty gets its rows first and its secondary indexes after.
  if exists (select from import_d_new) then set_aside := set_aside || private.import_set_aside_indexes('public.districts'); end if;
  if exists (select from import_m_new) then set_aside := set_aside || private.import_set_aside_indexes('public.meetings'); end if;
  if exists (select from import_t_new) then set_aside := set_aside || private.import_set_aside_indexes('public.topics'); end if;
  if exists (select from import_v_new) then set_aside := set_aside || private.import_set_aside_indexes('public.votings'); end if;

  -- Districts first: the other rows may belong to one added here.
  with written as (
    insert into public.districts (id, nces_id, name, state, county, address, phone, "totalStudents")
    select n.id, r ->> 'nces_id', r ->> 'name', r ->> 'state', r ->> 'county', r ->> 'address', r ->> 'phone', (r ->> 'totalStudents')::integer
      from import_d i join import_d_new n using (seq) order by seq
    returning id, xmin)
  insert into import_prints select 'districts', w.id, w.xmin, n.fingerprint from written w join import_d_new n on n.id = w.id;
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

  -- New rows in the order the files give them.
  with written as (
    insert into public.meetings (id, "districtId", date, title, topics, summary, meeting_type, "isUpcoming", youtube_link,
                                 start_time, time_zone, agenda_url, minutes_url, minutes_status, full_video_url, summary_source)
    select n.id, district_id, (r ->> 'date')::date, r ->> 'title', nullif(r -> 'topics', 'null'::jsonb), r ->> 'summary', coalesce(r ->> 'meeting_type', 'normal'),
           coalesce((r ->> 'isUpcoming')::boolean, false), r ->> 'youtube_link', (r ->> 'start_time')::time, r ->> 'time_zone', r ->> 'agenda_url',
           r ->> 'minutes_url', r ->> 'minutes_status', r ->> 'full_video_url', r ->> 'summary_source'
      from import_m i join import_m_new n using (seq) order by seq
    returning id, xmin)
  insert into import_prints select 'meetings', w.id, w.xmin, n.fingerprint from written w join import_m_new n on n.id = w.id;
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

  with written as (
    insert into public.topics (id, "districtId", title, description, upvotes, downvotes)
    select n.id, district_id, r ->> 'title', r ->> 'description', coalesce((r ->> 'upvotes')::integer, 0), coalesce((r ->> 'downvotes')::integer, 0)
      from import_t i join import_t_new n using (seq) order by seq
    returning id, xmin)
  insert into import_prints select 'topics', w.id, w.xmin, n.fingerprint from written w join import_t_new n on n.id = w.id;
  update public.topics t set
    description = case when i.r ? 'description' then i.r ->> 'description' else t.description end,
    upvotes = case when i.r ? 'upvotes' then coalesce((i.r ->> 'upvotes')::integer, 0) else t.upvotes end,
    downvotes = case when i.r ? 'downvotes' then coalesce((i.r ->> 'downvotes')::integer, 0) else t.downvotes end
  from import_t_changed i where t.id = i.match_id;

  with written as (
    insert into public.votings (id, "districtId", type, "voteDate", category, issue, outcome, votes)
    select n.id, district_id, coalesce(r ->> 'type', 'recent'), (r ->> 'voteDate')::date, r ->> 'category', r ->> 'issue', r ->> 'outcome', r -> 'votes'
      from import_v i join import_v_new n using (seq) order by seq
    returning id, xmin)
  insert into import_prints select 'votings', w.id, w.xmin, n.fingerprint from written w join import_v_new n on n.id = w.id;
  update public.votings v set
    type = case when i.r ? 'type' then i.r ->> 'type' else v.type end,
    category = case when i.r ? 'category' then i.r ->> 'category' else v.category end,
    outcome = case when i.r ? 'outcome' then i.r ->> 'outcome' else v.outcome end,
    votes = case when i.r ? 'votes' then i.r -> 'votes' else v.votes end
  from import_v_changed i where v.id = i.match_id;

  -- records_updated_at is no column of the files: a district's fingerprint still holds for the row it gives.
  with touched as (
    select d.id, d.xmin as was from public.districts d
     where d.id in (select district_id from import_d where match_id is null
                    union select match_id from import_d_changed
                    union select district_id from import_m where match_id is null union select district_id from import_m_changed
                    union select district_id from import_t where match_id is null union select district_id from import_t_changed
                    union select district_id from import_v where match_id is null union select district_id from import_v_changed
                    union select district_id from import_removed)),
  bumped as (
    update public.districts d set records_updated_at = now() from touched t where d.id = t.id returning d.id, d.xmin, t.was)
  update private.import_fingerprints f set row_xmin = b.xmin
    from bumped b where f.kind = 'districts' and f.id = b.id and f.row_xmin = b.was;

  perform private.import_restore_indexes(set_aside);

  -- The fingerprint of every row sent, with the version the row has now: the next run need not send it again. Rows
  -- matched (changed or not) are read for their version; new rows gave theirs when they were written. Two rows of a
  -- run can match one district (one by id, one by NCES id): one fingerprint each.
  insert into private.import_fingerprints (kind, id, row_xmin, fingerprint)
  select distinct on (kind, id) kind, id, row_xmin, fingerprint from (
    select kind, id, row_xmin, fingerprint from import_prints
    union all
    select 'districts', d.id, d.xmin, i.fingerprint from import_d i join public.districts d on d.id = i.match_id
    union all
    select 'meetings', m.id, m.xmin, i.fingerprint from import_m i join public.meetings m on m.id = i.match_id
    union all
    select 'topics', t.id, t.xmin, i.fingerprint from import_t i join public.topics t on t.id = i.match_id
    union all
    select 'votings', v.id, v.xmin, i.fingerprint from import_v i join public.votings v on v.id = i.match_id
  ) w where fingerprint is not null order by kind, id
  on conflict (kind, id) do update set row_xmin = excluded.row_xmin, fingerprint = excluded.fingerprint;

  delete from private.import_rows where run_id = run;
  delete from private.import_kept where run_id = run;
  update public.import_runs set status = 'written', counts = totals, problems = import_apply.problems, files = import_apply.files, finished_at = now() where id = run;
  return jsonb_build_object('counts', totals, 'removed', removed);
end
$$;
comment on function public.import_apply(uuid, boolean, boolean, jsonb, jsonb, jsonb, jsonb) is 'Writes a staging import run to the record in one transaction and records it, with every row''s fingerprint; answers {counts, removed}.';

revoke all on function public.import_begin(uuid, jsonb, jsonb), public.import_stage(uuid, text, integer, jsonb, text[]),
  public.import_keep(uuid, text, bigint[], bigint[]), public.import_discard(uuid, text, jsonb, jsonb, jsonb), public.import_context(bigint[], text[]),
  public.import_members(bigint[]), public.import_fingerprints(text, bigint[]), public.import_apply(uuid, boolean, boolean, jsonb, jsonb, jsonb, jsonb),
  public.import_busy()
  from public, anon, authenticated;
grant execute on function public.import_begin(uuid, jsonb, jsonb), public.import_stage(uuid, text, integer, jsonb, text[]),
  public.import_keep(uuid, text, bigint[], bigint[]), public.import_discard(uuid, text, jsonb, jsonb, jsonb), public.import_context(bigint[], text[]),
  public.import_members(bigint[]), public.import_fingerprints(text, bigint[]), public.import_apply(uuid, boolean, boolean, jsonb, jsonb, jsonb, jsonb),
  public.import_busy()
  to service_role;

notify pgrst, 'reload schema';
