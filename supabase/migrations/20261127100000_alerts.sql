-- Alerts: 'tell me when this comes up'. A parent leaves an address and a search, a topic or a board member, and is
-- told (by email, or through a private feed) when a new or changed meeting, topic or vote matches it. This migration
-- is the database part: the alerts, their matching against each run's new and changed records, and the functions a
-- page calls to create and manage them. What the emails and feeds say is written elsewhere (docs/alerts.md).
--
-- The address of an alert goes through the confirmed-email flow that exists: its row in public.subscriptions (one per
-- address, without a district) is confirmed by the link of a confirmation email (confirm_subscription, single use,
-- three days), at most one confirmation an hour per address, within the mailbox's and the site's hourly caps. An
-- alert of an address not confirmed yet waits: nothing is matched for it until the address is confirmed.
--
-- What changes for a hosted database that ran the earlier migrations:
--   * subscriptions.district_id may be null: such a row is an address's alerts (one per address). It gains
--     manage_token (the signed link of the page that lists and manages the address's alerts; null for a district's
--     subscription). subscribe(), confirm_subscription() and unsubscribe() are unchanged: a row without a district
--     gets no digest, and unsubscribe(token) ends every alert of the address. queue_digests() counts only districts'
--     subscriptions among those up to date.
--   * email_outbox.kind may be 'alert_confirmation' (queued by create_alert; the sender learns to write it next).
--   * New private tables: alerts, alert_matches, alert_runs, record_changes (with statement triggers on meetings,
--     topics and votings that note when a record's searched text changes).
--   * New functions: create_alert, list_alerts, pause_alert, set_alert_frequency, delete_alert and unsubscribe_alerts
--     for anon; match_alerts for the sender (service_role only).

-- An address's alerts are a subscription without a district.
alter table public.subscriptions alter column district_id drop not null;
alter table public.subscriptions add column manage_token text;
alter table public.subscriptions add constraint subscriptions_manage_token_only_for_alerts
  check ((district_id is null) = (manage_token is not null));
create unique index subscriptions_alerts_email_key on public.subscriptions (lower(email)) where district_id is null;
create unique index subscriptions_manage_token_key on public.subscriptions (manage_token);
comment on column public.subscriptions.district_id is 'The district whose summaries the address gets; null for the row that holds an address''s alerts (one per address).';
comment on column public.subscriptions.manage_token is 'The token of the link that lists and manages an address''s alerts (64 hex characters); null for a district''s subscription.';

-- queue_digests() as before; its count of subscriptions up to date leaves out the rows of alerts, which get no digest.
create or replace function public.queue_digests()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  -- One queuing at a time: two overlapping runs would otherwise both read the same digest_through.
  perform pg_advisory_xact_lock(hashtext('public.queue_digests'));
  with due as (
    select s.id as subscription_id, s.email, s.district_id, s.unsubscribe_token, max(a.appeared_at) as through,
      jsonb_agg(jsonb_build_object(
        'id', m.id, 'date', m.date, 'title', m.title, 'meeting_type', m.meeting_type,
        'topics', m.topics, 'summary', m.summary
      ) order by m.date desc, m.id desc) as meetings
    from public.subscriptions s
    join private.summary_appearances a on a.district_id = s.district_id and a.appeared_at > s.digest_through
    join public.meetings m on m.id = a.meeting_id
    where s.confirmed_at is not null and s.unsubscribed_at is null
    group by s.id
  ),
  moved as (
    update public.subscriptions s set digest_through = due.through from due where s.id = due.subscription_id
  ),
  inserted as (
    insert into public.email_outbox (kind, subscription_id, recipient, payload)
    select 'digest', due.subscription_id, due.email, jsonb_build_object(
      'district_id', due.district_id,
      'district_name', private.district_name(due.district_id),
      'unsubscribe_token', due.unsubscribe_token,
      'meetings', due.meetings)
    from due
    returning 1
  )
  select count(*) into queued from inserted;
  return jsonb_build_object('queued', queued, 'up_to_date', (
    select count(*) from public.subscriptions s
    where s.confirmed_at is not null and s.unsubscribed_at is null and s.district_id is not null) - queued);
end;
$$;

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (kind in ('confirmation', 'digest', 'alert_confirmation'));

-- When a record's searched text last changed (its search_vector: a meeting's title, topics and summary, a topic's
-- title and description, a vote's issue, category, outcome and members' votes). Kept beside the tables, as
-- summary_appearances is, so the public rows and the pages built from them stay as they were; a topic's up and down
-- votes change nothing here.
create table private.record_changes (
  kind text not null check (kind in ('meeting', 'topic', 'vote')),
  record_id bigint not null,
  changed_at timestamptz not null default now(),
  primary key (kind, record_id)
);
comment on table private.record_changes is 'When each meeting, topic and vote was written or its searched text last changed; alerts match the records changed since the last run.';
create index record_changes_changed_at_idx on private.record_changes (changed_at);
alter table private.record_changes enable row level security;

-- One statement trigger per table and write: a bulk import of thousands of rows runs one insert here, not one per row.
-- now() is the writing transaction's start, which match_alerts relies on (see there).
create function private.note_record_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.record_changes (kind, record_id, changed_at)
  select tg_argv[0], n.id, now() from new_rows n
  on conflict (kind, record_id) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

create function private.note_record_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.record_changes (kind, record_id, changed_at)
  select tg_argv[0], n.id, now() from new_rows n join old_rows o on o.id = n.id
  where n.search_vector is distinct from o.search_vector
  on conflict (kind, record_id) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

create trigger meetings_note_insert after insert on public.meetings referencing new table as new_rows
  for each statement execute function private.note_record_insert('meeting');
create trigger meetings_note_update after update on public.meetings referencing old table as old_rows new table as new_rows
  for each statement execute function private.note_record_update('meeting');
create trigger topics_note_insert after insert on public.topics referencing new table as new_rows
  for each statement execute function private.note_record_insert('topic');
create trigger topics_note_update after update on public.topics referencing old table as old_rows new table as new_rows
  for each statement execute function private.note_record_update('topic');
create trigger votings_note_insert after insert on public.votings referencing new table as new_rows
  for each statement execute function private.note_record_insert('vote');
create trigger votings_note_update after update on public.votings referencing old table as old_rows new table as new_rows
  for each statement execute function private.note_record_update('vote');

create table private.alerts (
  id bigint generated always as identity primary key,
  -- The address's row of public.subscriptions (district_id null): confirmed once for all its alerts.
  subscription_id bigint not null references public.subscriptions (id) on delete cascade,
  kind text not null check (kind in ('search', 'topic', 'member')),
  -- What the reader typed (a search), or the topic's title or the member's name: what the alert is called.
  search_text text not null check (length(search_text) between 1 and 200),
  -- What a record must match, as the search reads it (websearch_to_tsquery; a phrase for a topic or a member).
  query tsquery not null,
  -- Words a record must hold one of to match (private.query_anchors): alerts for several districts are found for a
  -- record through a GIN index on these (never every alert tried against it).
  anchors text[] not null check (cardinality(anchors) > 0),
  -- Where: one district, one state, or (both null) every district.
  district_id bigint references public.districts (id) on delete cascade,
  state text check (state ~ '^[A-Z]{2}$'),
  kinds text[] not null default array['meeting', 'topic', 'vote']
    check (cardinality(kinds) > 0 and kinds <@ array['meeting', 'topic', 'vote']),
  topic_id bigint references public.topics (id) on delete cascade,
  member text check (length(member) between 1 and 200),
  minority_only boolean not null default false,
  frequency text not null default 'daily' check (frequency in ('daily', 'weekly')),
  paused boolean not null default false,
  created_at timestamptz not null default now(),
  -- The alert's feed address: random, names nothing (no address, no alert id).
  feed_token text not null default private.new_token(),
  check (district_id is null or state is null),
  check ((kind = 'topic') = (topic_id is not null)),
  check ((kind = 'member') = (member is not null)),
  check (kind <> 'member' or (district_id is not null and kinds = array['vote'])),
  check (kind = 'member' or not minority_only)
);
comment on table private.alerts is 'Alerts: a search, a topic or a member''s votes an address asked to hear about, where, how often; matched by match_alerts().';
create unique index alerts_feed_token_key on private.alerts (feed_token);
create index alerts_subscription_idx on private.alerts (subscription_id);
-- Matching: a record's district's alerts through this, the alerts of its state and of every district through the
-- words (a record is tried only against the alerts that look for one of its words).
create index alerts_district_idx on private.alerts (district_id) where district_id is not null;
create index alerts_anchors_idx on private.alerts using gin (anchors) where district_id is null;
alter table private.alerts enable row level security;

create table private.alert_runs (
  id bigint generated always as identity primary key,
  -- The records changed in [since, through) were matched.
  since timestamptz not null,
  through timestamptz not null,
  started_at timestamptz not null default clock_timestamp(),
  records integer not null default 0,
  queued integer not null default 0
);
comment on table private.alert_runs is 'Each matching run: the window of record changes it matched, how many records and how many new matches.';
alter table private.alert_runs enable row level security;
-- Records changed before alerts existed are owed to nobody: the first run matches from here.
insert into private.alert_runs (since, through) values (now(), now());

create table private.alert_matches (
  id bigint generated always as identity primary key,
  alert_id bigint not null references private.alerts (id) on delete cascade,
  record_kind text not null check (record_kind in ('meeting', 'topic', 'vote')),
  record_id bigint not null,
  district_id bigint not null,
  run_id bigint not null references private.alert_runs (id),
  matched_at timestamptz not null default now(),
  -- Set when the match went out in an email (the sender's part, next).
  sent_at timestamptz,
  -- Each record is queued for an alert once, whatever runs overlap or are started again.
  unique (alert_id, record_kind, record_id)
);
comment on table private.alert_matches is 'Each (alert, record) match, queued once: what the next email or feed of the alert lists.';
create index alert_matches_unsent_idx on private.alert_matches (alert_id) where sent_at is null;
alter table private.alert_matches enable row level security;

revoke all on private.record_changes, private.alerts, private.alert_runs, private.alert_matches from public, anon, authenticated;

insert into private.rate_limits (action, max_count, per, message) values
  ('alert', 20, interval '1 hour', 'Too many alerts from your connection in the last hour. Please try again later.');

/*
  private.search_text_problem(text) returns text: why an alert's search text is refused, in the words the record
  search uses for the same text (the search page's for empty and too long text, search_records' own for a search only
  of words to leave out and for too many words), or null when it is fine. A search only of stop words finds nothing
  (search_records answers no rows); an alert for it could never match, so it is refused too.
*/
create function private.search_text_problem(search_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  needle text := btrim(coalesce(search_text, ''));
  query tsquery;
  terms record;
begin
  if needle = '' then
    return 'Type a word or a phrase to search for.';
  end if;
  if length(needle) > 200 then
    return format('Search text can be at most 200 characters; this is %s.', length(needle));
  end if;
  query := websearch_to_tsquery('english', needle);
  if numnode(query) = 0 then
    return 'Add a word to look for: every word of this search is too common to be searched for.';
  end if;
  if private.search_candidates(query) is null then
    return 'Add a word to look for: a search only of words to leave out (-word) would list the whole record.';
  end if;
  terms := private.search_terms(query);
  if terms.looked_for > 10 then
    return format('Search for at most %s words at a time; this search has %s.', 10, terms.looked_for);
  end if;
  if terms.left_out > 5 then
    return format('Leave out at most %s words at a time; this search leaves out %s.', 5, terms.left_out);
  end if;
  return null;
end;
$$;
comment on function private.search_text_problem(text) is 'Why a search text is refused (the record search''s own words), or null.';

-- The words an alert is found by: a record can match the query only if it holds one of them. For a query without
-- 'or' (words, phrases, words left out) every word it looks for is needed, so one suffices, the rarest in the
-- meetings' statistics (a word not among their most common is rarer than any that is; the longest among equals): a
-- record is then tried against the alerts that look for one of its rarer words, not against every alert that names
-- 'board'. With 'or', each word it looks for.
create function private.query_anchors(query tsquery)
returns text[]
language sql
stable
set search_path = ''
as $$
  with words as (
    select distinct replace(m[1], '''''', '''') as word
    from regexp_matches(querytree(query), '''((?:[^'']|'''')*)''', 'g') as m
  ),
  common as (
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs
    from pg_catalog.pg_stats s
    where s.schemaname = 'public' and s.tablename = 'meetings' and s.attname = 'search_vector'
  )
  select case
    when regexp_replace(querytree(query), '''(?:[^'']|'''')*''', '', 'g') ~ '[|]' then (select coalesce(array_agg(w.word order by w.word), '{}') from words w)
    else coalesce((select array[w.word] from words w left join common c on true
                   order by coalesce(c.freqs[array_position(c.elems, w.word)], 0), length(w.word) desc, w.word limit 1), '{}')
  end
$$;
comment on function private.query_anchors(tsquery) is 'The words an alert is found by: its rarest word, or every word of a query with or.';

/*
  private.member_vote(votes, member) returns (choice, in_minority): how a member voted in a vote's votes (read as
  private.votes_by_choice reads them; the name compared without regard to case or surrounding spaces), null when the
  member is not listed or has no vote recorded ('-' or empty); in_minority when fewer members voted as they did than
  voted some other way.
*/
create function private.member_vote(votes jsonb, member text, out choice text, out in_minority boolean)
language plpgsql
immutable
set search_path = ''
as $$
declare
  list jsonb := votes;
begin
  if jsonb_typeof(list) = 'string' then
    begin
      list := (list #>> '{}')::jsonb;
    exception when others then
      return;
    end;
  end if;
  if jsonb_typeof(list) is distinct from 'array' then
    return;
  end if;
  with cast_votes as (
    select lower(btrim(m ->> 'name')) as name, lower(btrim(m ->> 'vote')) as vote
    from jsonb_array_elements(list) as m
    where jsonb_typeof(m) = 'object' and coalesce(btrim(m ->> 'vote'), '') not in ('', '-')
  ),
  groups as (select c.vote, count(*) as members from cast_votes c group by c.vote)
  select c.vote, (select g.members from groups g where g.vote = c.vote) < (select max(g.members) from groups g)
  into choice, in_minority
  from cast_votes c where c.name = lower(btrim(member))
  limit 1;
end;
$$;
comment on function private.member_vote(jsonb, text) is 'How a member voted in a vote (null when not recorded) and whether fewer voted so than some other way.';

-- Whether a member is listed in a vote at all (with or without a recorded vote).
create function private.member_listed(votes jsonb, member text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  list jsonb := votes;
begin
  if jsonb_typeof(list) = 'string' then
    begin
      list := (list #>> '{}')::jsonb;
    exception when others then
      return false;
    end;
  end if;
  return jsonb_typeof(list) = 'array' and exists (
    select from jsonb_array_elements(list) as m
    where jsonb_typeof(m) = 'object' and lower(btrim(m ->> 'name')) = lower(btrim(member)));
end;
$$;

/*
  create_alert(email, kind, q, district_id, state, kinds, topic_id, member, minority_only, frequency) returns jsonb,
  as subscribe() answers:
    {"ok": true, "errors": {}, "form_errors": []}   the alert is stored (or was already: the same alert again stores
                                                     nothing more). A confirmation email is queued when the address is
                                                     not confirmed (at most once an hour); the answer is the same
                                                     either way, so it tells nobody whether an address is known.
    {"ok": false, "errors": {"email": ["..."]}, "form_errors": ["..."]}   nothing stored, nothing sent
    {"ok": false, "errors": {}, "form_errors": ["..."], "limited": true}  a limit (the client's, the mailbox's, the
                                                     site's); nothing stored
  kind 'search': q (refused as the record search refuses it), in district_id, or state, or (both null) every district,
    of kinds (meeting, topic, vote; null for all).
  kind 'topic': topic_id; the topic's title as a phrase, in its district (q, district_id and state are not used).
  kind 'member': member (a name listed in district_id's votes), votes only; minority_only: only the votes where fewer
    members voted as they did than some other way.
  frequency: 'daily' (null) or 'weekly'. At most 50 alerts per address.
*/
create function public.create_alert(
  email text,
  kind text default 'search',
  q text default null,
  district_id bigint default null,
  state text default null,
  kinds text[] default null,
  topic_id bigint default null,
  member text default null,
  minority_only boolean default false,
  frequency text default 'daily')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  most_alerts constant integer := 50;
  address text := btrim(create_alert.email);
  problems text[] := private.email_problems(btrim(create_alert.email));
  errors jsonb := '{}'::jsonb;
  form_errors text[] := '{}';
  alert_kind text := coalesce(create_alert.kind, 'search');
  wanted_kinds text[] := coalesce(create_alert.kinds, array['meeting', 'topic', 'vote']);
  how_often text := coalesce(create_alert.frequency, 'daily');
  name text := nullif(btrim(create_alert.member), '');
  district bigint := create_alert.district_id;
  state_code text := nullif(upper(btrim(create_alert.state)), '');
  words text;
  alert_query tsquery;
  refusal text;
  topic public.topics;
  sub public.subscriptions;
  token text := private.new_token();
  existing integer;
begin
  if cardinality(problems) > 0 then
    errors := jsonb_build_object('email', to_jsonb(problems));
  end if;
  if alert_kind not in ('search', 'topic', 'member') then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors',
      jsonb_build_array('An alert is for a search, a topic or a member; kind must be search, topic or member.'));
  end if;
  if how_often not in ('daily', 'weekly') then
    errors := errors || jsonb_build_object('frequency', jsonb_build_array('must be daily or weekly'));
  end if;
  if cardinality(wanted_kinds) = 0 or not wanted_kinds <@ array['meeting', 'topic', 'vote'] then
    form_errors := form_errors || 'kinds may only name meeting, topic and vote'::text;
  end if;
  if coalesce(create_alert.minority_only, false) and alert_kind <> 'member' then
    form_errors := form_errors || 'Only a member''s alert can be limited to the votes where the member was in the minority.'::text;
  end if;

  if alert_kind = 'search' then
    refusal := private.search_text_problem(create_alert.q);
    if refusal is not null then
      form_errors := form_errors || refusal;
    else
      words := btrim(create_alert.q);
      alert_query := websearch_to_tsquery('english', words);
    end if;
    if district is not null and state_code is not null then
      form_errors := form_errors || 'An alert is for one district, one state or every district: give a district or a state, not both.'::text;
    elsif district is not null and not exists (select from public.districts d where d.id = district) then
      form_errors := form_errors || ('There is no district ' || district || ' to set an alert for.');
    elsif state_code is not null and (state_code !~ '^[A-Z]{2}$' or not exists (select from public.districts d where d.state = state_code)) then
      form_errors := form_errors || ('There is no district in the state ' || left(create_alert.state, 20) || ' to set an alert for.');
    end if;
  elsif alert_kind = 'topic' then
    select t.* into topic from public.topics t where t.id = create_alert.topic_id;
    if not found then
      form_errors := form_errors || ('There is no topic ' || coalesce(create_alert.topic_id::text, '(none given)') || ' to set an alert for.');
    else
      words := left(btrim(topic.title), 200);
      alert_query := phraseto_tsquery('english', words);
      district := topic."districtId";
      state_code := null;
      if numnode(alert_query) = 0 then
        form_errors := form_errors || 'This topic''s title has no word that can be searched for.'::text;
      end if;
    end if;
  else
    wanted_kinds := array['vote'];
    state_code := null;
    if name is null then
      errors := errors || jsonb_build_object('member', jsonb_build_array('is required'));
    elsif length(name) > 200 then
      errors := errors || jsonb_build_object('member', jsonb_build_array('must be at most 200 characters'));
    elsif district is null or not exists (select from public.districts d where d.id = district) then
      form_errors := form_errors || ('There is no district ' || coalesce(district::text, '(none given)') || ' to set an alert for.');
    elsif not exists (select from public.votings v where v."districtId" = district and private.member_listed(v.votes, name)) then
      form_errors := form_errors || ('No vote of this board lists a member named ' || name || '.');
    else
      words := name;
      alert_query := phraseto_tsquery('english', name);
      if numnode(alert_query) = 0 then
        errors := errors || jsonb_build_object('member', jsonb_build_array('must hold a name that can be searched for'));
      end if;
    end if;
  end if;

  if errors <> '{}'::jsonb or cardinality(form_errors) > 0 then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', to_jsonb(form_errors));
  end if;

  refusal := private.rate_limited('alert');
  if refusal is not null then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(refusal));
  end if;

  begin
    insert into public.subscriptions (email, district_id, manage_token)
    values (address, null, private.new_token())
    on conflict ((lower(email))) where district_id is null do nothing;
    -- The row lock makes concurrent alerts of one address count, and queue a confirmation, one after another.
    select s.* into sub from public.subscriptions s
    where lower(s.email) = lower(address) and s.district_id is null
    for update;

    if exists (select from private.alerts a
               where a.subscription_id = sub.id and a.kind = alert_kind and a.query = alert_query
                 and a.district_id is not distinct from district and a.state is not distinct from state_code
                 and a.kinds = wanted_kinds and a.topic_id is not distinct from create_alert.topic_id
                 and lower(a.member) is not distinct from lower(name)
                 and a.minority_only = coalesce(create_alert.minority_only, false)) then
      -- The same alert again: nothing more stored (its frequency is changed on the management page).
      null;
    else
      select count(*) into existing from private.alerts a where a.subscription_id = sub.id;
      if existing >= most_alerts then
        raise exception 'This address has % alerts, the most one address may have. Delete one on the page that manages them to add another.', most_alerts
          using errcode = 'SB422';
      end if;
      insert into private.alerts (subscription_id, kind, search_text, query, anchors, district_id, state, kinds, topic_id, member, minority_only, frequency)
      values (sub.id, alert_kind, words, alert_query, private.query_anchors(alert_query), district, state_code, wanted_kinds,
              case when alert_kind = 'topic' then create_alert.topic_id end, case when alert_kind = 'member' then name end,
              coalesce(create_alert.minority_only, false), how_often);
    end if;

    if (sub.confirmed_at is null or sub.unsubscribed_at is not null)
       and (sub.confirmation_sent_at is null or sub.confirmation_sent_at < now() - interval '1 hour') then
      refusal := private.limit_reached('confirmation_mailbox', private.mailbox(address));
      if refusal is null then
        refusal := private.limit_reached('confirmation_total', 'all');
      end if;
      if refusal is not null then
        -- Undoes the alert stored above and the mailbox's count: nothing changes.
        raise exception '%', refusal using errcode = 'SB429';
      end if;
      insert into private.confirmation_tokens (token_hash, subscription_id, expires_at)
      values (private.token_hash(token), sub.id, now() + interval '3 days');
      insert into public.email_outbox (kind, subscription_id, recipient, payload)
      values ('alert_confirmation', sub.id, sub.email, jsonb_build_object(
        'token', token,
        'unsubscribe_token', sub.unsubscribe_token,
        'manage_token', sub.manage_token,
        'alert', jsonb_build_object('kind', alert_kind, 'text', words, 'district_id', district,
          'district_name', private.district_name(district), 'state', state_code, 'kinds', to_jsonb(wanted_kinds),
          'minority_only', coalesce(create_alert.minority_only, false), 'frequency', how_often)));
      update public.subscriptions s set confirmation_sent_at = now() where s.id = sub.id;
    end if;
  exception
    when sqlstate 'SB429' then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(sqlerrm));
    when sqlstate 'SB422' then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'form_errors', jsonb_build_array(sqlerrm));
  end;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.create_alert(text, text, text, bigint, text, text[], bigint, text, boolean, text) is 'Sets up an alert for a search, a topic or a member''s votes (confirmation email when the address is not confirmed; 50 per address); answers {ok, errors, form_errors}.';

-- The address's alerts row of a management link's token, or null (a malformed or unknown token).
create function private.alerts_owner(token text)
returns public.subscriptions
language sql
stable
set search_path = ''
as $$
  select s.* from public.subscriptions s
  where token ~ '^[0-9a-f]{64}$' and s.manage_token = token and s.district_id is null
$$;

-- What a management function answers for a token that names no address: malformed (not 64 hex) or unknown.
create function private.token_refusal(token text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('ok', false, 'status', case when token ~ '^[0-9a-f]{64}$' then 'unknown' else 'malformed' end)
$$;

/*
  list_alerts(token) returns jsonb: the management page's read.
    {"ok": true, "status": "listed", "email": "...", "confirmed": true, "alerts": [{id, kind, text, district_id,
      district_name, state, kinds, topic_id, member, minority_only, frequency, paused, created_at, feed_token}, ...]}
    {"ok": false, "status": "unknown" | "malformed"}
*/
create function public.list_alerts(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  return jsonb_build_object('ok', true, 'status', 'listed', 'email', owner.email,
    'confirmed', owner.confirmed_at is not null and owner.unsubscribed_at is null,
    'alerts', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'kind', a.kind, 'text', a.search_text, 'district_id', a.district_id,
        'district_name', private.district_name(a.district_id), 'state', a.state, 'kinds', to_jsonb(a.kinds), 'topic_id', a.topic_id,
        'member', a.member, 'minority_only', a.minority_only, 'frequency', a.frequency, 'paused', a.paused,
        'created_at', a.created_at, 'feed_token', a.feed_token) order by a.created_at, a.id)
      from private.alerts a where a.subscription_id = owner.id), '[]'::jsonb));
end;
$$;
comment on function public.list_alerts(text) is 'The alerts of a management link''s address; answers {ok, status, email, confirmed, alerts}.';

/*
  pause_alert(token, alert_id, paused), set_alert_frequency(token, alert_id, frequency), delete_alert(token, alert_id):
  each changes one alert of the token's address.
    {"ok": true, "status": "paused" | "resumed" | "changed" | "deleted", "alert_id": 1}
    {"ok": false, "status": "unknown" | "malformed"}             the token names no address
    {"ok": false, "status": "no_alert", "alert_id": 1}           the address has no such alert (another's, or deleted)
    {"ok": false, "status": "invalid", "errors": {"frequency": ["must be daily or weekly"]}}
*/
create function public.pause_alert(token text, alert_id bigint, paused boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  update private.alerts a set paused = coalesce(pause_alert.paused, true)
  where a.id = pause_alert.alert_id and a.subscription_id = owner.id;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'no_alert', 'alert_id', pause_alert.alert_id);
  end if;
  return jsonb_build_object('ok', true, 'status', case when coalesce(pause_alert.paused, true) then 'paused' else 'resumed' end, 'alert_id', pause_alert.alert_id);
end;
$$;
comment on function public.pause_alert(text, bigint, boolean) is 'Pauses (or resumes) one alert of a management link''s address; answers {ok, status, alert_id}.';

create function public.set_alert_frequency(token text, alert_id bigint, frequency text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  if set_alert_frequency.frequency is null or set_alert_frequency.frequency not in ('daily', 'weekly') then
    return jsonb_build_object('ok', false, 'status', 'invalid', 'errors', jsonb_build_object('frequency', jsonb_build_array('must be daily or weekly')));
  end if;
  update private.alerts a set frequency = set_alert_frequency.frequency
  where a.id = set_alert_frequency.alert_id and a.subscription_id = owner.id;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'no_alert', 'alert_id', set_alert_frequency.alert_id);
  end if;
  return jsonb_build_object('ok', true, 'status', 'changed', 'alert_id', set_alert_frequency.alert_id);
end;
$$;
comment on function public.set_alert_frequency(text, bigint, text) is 'Makes one alert of a management link''s address daily or weekly; answers {ok, status, alert_id}.';

create function public.delete_alert(token text, alert_id bigint)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  -- Its matches go with it.
  delete from private.alerts a where a.id = delete_alert.alert_id and a.subscription_id = owner.id;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'no_alert', 'alert_id', delete_alert.alert_id);
  end if;
  return jsonb_build_object('ok', true, 'status', 'deleted', 'alert_id', delete_alert.alert_id);
end;
$$;
comment on function public.delete_alert(text, bigint) is 'Deletes one alert of a management link''s address and its matches; answers {ok, status, alert_id}.';

/*
  unsubscribe_alerts(token) returns jsonb: every alert of the address deleted (with its matches), the address
  unsubscribed, and any alert email still queued for it skipped. {"ok": true, "status": "unsubscribed", "deleted": n},
  also when there was nothing left; {"ok": false, "status": "unknown" | "malformed"}.
*/
create function public.unsubscribe_alerts(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
  deleted integer;
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  delete from private.alerts a where a.subscription_id = owner.id;
  get diagnostics deleted = row_count;
  update public.subscriptions s set unsubscribed_at = coalesce(s.unsubscribed_at, now()) where s.id = owner.id;
  update public.email_outbox o set state = 'skipped', last_error = 'unsubscribed before it was sent'
  where o.subscription_id = owner.id and o.state = 'queued';
  return jsonb_build_object('ok', true, 'status', 'unsubscribed', 'deleted', deleted);
end;
$$;
comment on function public.unsubscribe_alerts(text) is 'Ends every alert of a management link''s address; answers {ok, status, deleted}.';

/*
  match_alerts(since) returns jsonb {"run_id", "since", "through", "records", "queued"}: the meetings, topics and
  votes whose searched text was written or changed in [since, through) are matched against the alerts, and each new
  (alert, record) pair is queued in private.alert_matches, once: the pair is unique, so a run started again over the
  same window, or a window that overlaps an earlier one, queues nothing twice. since defaults to the end of the last
  run. through is now, or earlier while another transaction that started before now is still open (its writes bear
  its start time and are not visible yet: they are matched by the next run, not lost).

  Matched: alerts not paused, of confirmed addresses that did not unsubscribe, created before the record changed, of
  the record's kind, for its district, its state or every district, whose query the record's words match (a member's
  alert: a vote listing the member with a recorded vote, in the minority when asked). The matching goes from the
  records to the alerts: each record's district's alerts by their district, the alerts of a state or of every
  district by the words they look for (GIN index on anchors); the cost grows with the new records and the alerts
  that could match them, never with the whole record.
*/
create function public.match_alerts(since timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  window_start timestamptz := match_alerts.since;
  window_end timestamptz := now();
  run bigint;
  fresh integer;
  queued_count integer;
begin
  -- One run at a time: two at once would match the same window, harmless but twice the work.
  perform pg_advisory_xact_lock(hashtext('public.match_alerts'));
  if window_start is null then
    select max(r.through) into window_start from private.alert_runs r;
  end if;
  select least(window_end, min(a.xact_start)) into window_end
  from pg_catalog.pg_stat_activity a
  where a.pid <> pg_catalog.pg_backend_pid() and a.backend_type = 'client backend' and a.xact_start is not null
    and a.datname = pg_catalog.current_database();
  window_end := greatest(window_end, window_start);
  insert into private.alert_runs (since, through) values (window_start, window_end) returning id into run;

  with changed as materialized (
    select c.kind, c.record_id, c.changed_at from private.record_changes c
    where c.changed_at >= window_start and c.changed_at < window_end
  ),
  fresh_records as materialized (
    select c.kind, c.record_id, c.changed_at, x.district, d.state, x.vector, tsvector_to_array(x.vector) as words, x.votes
    from changed c
    cross join lateral (
      select m."districtId" as district, m.search_vector as vector, null::jsonb as votes from public.meetings m where c.kind = 'meeting' and m.id = c.record_id
      union all
      select t."districtId", t.search_vector, null::jsonb from public.topics t where c.kind = 'topic' and t.id = c.record_id
      union all
      select v."districtId", v.search_vector, v.votes from public.votings v where c.kind = 'vote' and v.id = c.record_id
    ) x
    join public.districts d on d.id = x.district
  ),
  hits as (
    select f.kind, f.record_id, f.district, a.id as alert_id
    from fresh_records f
    cross join lateral (
      select a.id, a.subscription_id, a.created_at, a.kind, a.member, a.minority_only from private.alerts a
      where a.district_id = f.district and not a.paused and f.kind = any (a.kinds) and a.query @@ f.vector
      union all
      select a.id, a.subscription_id, a.created_at, a.kind, a.member, a.minority_only from private.alerts a
      where a.district_id is null and a.anchors && f.words and (a.state is null or a.state = f.state)
        and not a.paused and f.kind = any (a.kinds) and a.query @@ f.vector
    ) a
    join public.subscriptions s on s.id = a.subscription_id
    where s.confirmed_at is not null and s.unsubscribed_at is null and a.created_at <= f.changed_at
      and (a.kind <> 'member' or (select (mv.choice is not null and (not a.minority_only or mv.in_minority))
                                  from private.member_vote(f.votes, a.member) mv))
  ),
  inserted as (
    insert into private.alert_matches (alert_id, record_kind, record_id, district_id, run_id)
    select hits.alert_id, hits.kind, hits.record_id, hits.district, run from hits
    on conflict (alert_id, record_kind, record_id) do nothing
    returning 1
  )
  select (select count(*) from fresh_records), (select count(*) from inserted) into fresh, queued_count;

  update private.alert_runs r set records = fresh, queued = queued_count where r.id = run;
  return jsonb_build_object('run_id', run, 'since', window_start, 'through', window_end, 'records', fresh, 'queued', queued_count);
end;
$$;
comment on function public.match_alerts(timestamptz) is 'Queues each alert''s matches among the records written or changed since the last run (or since), once each; answers {run_id, since, through, records, queued}.';

revoke execute on function public.create_alert(text, text, text, bigint, text, text[], bigint, text, boolean, text), public.list_alerts(text),
  public.pause_alert(text, bigint, boolean), public.set_alert_frequency(text, bigint, text), public.delete_alert(text, bigint),
  public.unsubscribe_alerts(text), public.match_alerts(timestamptz) from public, anon, authenticated;
grant execute on function public.create_alert(text, text, text, bigint, text, text[], bigint, text, boolean, text), public.list_alerts(text),
  public.pause_alert(text, bigint, boolean), public.set_alert_frequency(text, bigint, text), public.delete_alert(text, bigint),
  public.unsubscribe_alerts(text) to anon, authenticated;
grant execute on function public.match_alerts(timestamptz) to service_role;
revoke all on function private.note_record_insert(), private.note_record_update(), private.search_text_problem(text),
  private.query_anchors(tsquery), private.member_vote(jsonb, text), private.member_listed(jsonb, text), private.alerts_owner(text),
  private.token_refusal(text) from public;

notify pgrst, 'reload schema';
