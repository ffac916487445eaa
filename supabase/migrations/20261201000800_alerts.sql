-- Alerts: 'tell me when this comes up'. A parent leaves an address and a search, a topic or a board member, and is
-- told (by email, or through a private feed) when a new or changed meeting, topic or vote matches it: the alerts,
-- their matching against each run's new and changed records, the functions a page calls to create and manage them,
-- the queuing of the alert emails and each alert's feed. What the emails and feeds say is written by the sender
-- (src/alerts/alertEmails.ts) and the feed (supabase/functions/_shared/alertFeed.ts) from what is queued here.
--
-- Every alert goes through the confirmed-email flow, on a new address and on a confirmed one alike: its confirmation
-- email names it, and the email's link (confirm_subscription, single use, three days) confirms the address's row in
-- public.subscriptions (one per address, without a district, holding the management token) and that alert, nothing
-- else. At most one confirmation an hour per alert, within the mailbox's and the site's hourly caps. An alert not
-- confirmed waits: nothing is matched or sent for it. unsubscribe(token) ends every alert of the address.
--
-- After each matching run, one email per address groups every match of its alerts not sent yet, daily or weekly as
-- each alert asks; the matches it lists are marked sent in the same transaction that queues it, so no match goes out
-- twice and none is lost.

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
comment on function private.note_record_insert() is 'Notes the inserted records of a statement as changed now (private.record_changes).';
comment on function private.note_record_update() is 'Notes the updated records of a statement whose searched text changed as changed now (private.record_changes).';

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
  check (kind = 'member' or not minority_only),
  last_sent_at timestamptz,
  -- When the address's owner confirmed this very alert (the link of the confirmation email that named it); null
  -- until then, and nothing is matched or sent for it.
  confirmed_at timestamptz,
  -- The token of the confirmation email that names this alert, and when it was queued (at most one an hour).
  confirmation_token bytea references private.confirmation_tokens (token_hash) on delete set null,
  confirmation_sent_at timestamptz
);
comment on table private.alerts is 'Alerts: a search, a topic or a member''s votes an address asked to hear about, where, how often; matched by match_alerts().';
comment on column private.alerts.confirmed_at is 'When the owner confirmed this alert by the link of the email that named it; null while it waits (nothing matched, nothing sent).';
create index alerts_confirmation_token_idx on private.alerts (confirmation_token) where confirmation_token is not null;
comment on column private.alerts.last_sent_at is 'When this alert''s matches last went out in an email; null before the first. A weekly alert waits a week from it (or from its creation).';
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
-- An alert's newest matches (its feed) are read without reading all of them.
create index alert_matches_alert_newest_idx on private.alert_matches (alert_id, id desc);
alter table private.alert_matches enable row level security;

revoke all on private.record_changes, private.alerts, private.alert_runs, private.alert_matches from public, anon, authenticated;

/*
  private.search_text_problem(text) returns jsonb: why an alert's search text is refused, with the codes the record
  search uses for the same text (the search page's for empty and too long text, search_records' own for a search only
  of words to leave out and for too many words), as {"code": "search.too_long", "max": 200, "length": 250}, or null
  when it is fine. A search only of stop words finds nothing (search_records answers no rows); an alert for it could
  never match, so it is refused too (search.stop_words).
*/
create function private.search_text_problem(search_text text)
returns jsonb
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
    return jsonb_build_object('code', 'search.empty');
  end if;
  if length(needle) > 200 then
    return jsonb_build_object('code', 'search.too_long', 'max', 200, 'length', length(needle));
  end if;
  query := websearch_to_tsquery('english', needle);
  if numnode(query) = 0 then
    return jsonb_build_object('code', 'search.stop_words');
  end if;
  if private.search_candidates(query) is null then
    return jsonb_build_object('code', 'search.only_left_out');
  end if;
  terms := private.search_terms(query);
  if terms.looked_for > 10 then
    return jsonb_build_object('code', 'search.too_many_words', 'max', 10, 'count', terms.looked_for);
  end if;
  if terms.left_out > 5 then
    return jsonb_build_object('code', 'search.too_many_left_out', 'max', 5, 'count', terms.left_out);
  end if;
  return null;
end;
$$;
comment on function private.search_text_problem(text) is 'Why a search text is refused (the record search''s own codes, with their parameters), or null.';

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
  private.vote_list reads them; the name compared without regard to case or surrounding spaces), null when the
  member is not listed or has no vote recorded ('-' or empty); in_minority when fewer members voted as they did than
  voted some other way.
*/
create function private.member_vote(votes jsonb, member text, out choice text, out in_minority boolean)
language plpgsql
immutable
set search_path = ''
as $$
begin
  with cast_votes as (
    select lower(btrim(m ->> 'name')) as name, lower(btrim(m ->> 'vote')) as vote
    from jsonb_array_elements(private.vote_list(votes)) as m
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

-- The names a vote lists (lower case, without surrounding spaces), read as private.member_vote reads them, with or without a recorded vote: what the
-- index below holds, so create_alert finds whether a district's votes list a member through it, in milliseconds,
-- never by reading every vote of the district.
create function private.member_names(votes jsonb)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((select array_agg(distinct lower(btrim(m ->> 'name'))) from jsonb_array_elements(private.vote_list(votes)) as m
                   where jsonb_typeof(m) = 'object' and m ->> 'name' is not null), '{}')
$$;
comment on function private.member_names(jsonb) is 'The names a vote''s votes list, lower case and trimmed (the index votings_member_names_idx holds them).';
create index votings_member_names_idx on public.votings using gin (private.member_names(votes));

/*
  create_alert(email, kind, q, district_id, state, kinds, topic_id, member, minority_only, frequency, language) returns
  jsonb, as subscribe() answers:
    {"ok": true, "errors": {}, "form_errors": []}   the alert is stored, waiting for its owner (or was already: the
                                                     same alert again stores nothing more), and a confirmation email
                                                     naming it is queued (at most once an hour per alert), whether the
                                                     address is confirmed or not: the answer is the same either way,
                                                     so it tells nobody whether an address is known.
    {"ok": false, "errors": {"email": [{"code": "field.email_invalid"}]}, "form_errors": [{"code": "form.no_topic",
      "id": 9}, ...]}                                nothing stored, nothing sent
    {"ok": false, "errors": {}, "form_errors": [{"code": "limit.alerts"}], "limited": true}   a limit (the client's,
                                                     the mailbox's limit.mailbox, the site's limit.site); nothing stored
  kind 'search': q (refused as the record search refuses it), in district_id, or state, or (both null) every district,
    of kinds (meeting, topic, vote; null for all).
  kind 'topic': topic_id; the topic's title as a phrase, in its district (q, district_id and state are not used).
  kind 'member': member (a name listed in district_id's votes), votes only; minority_only: only the votes where fewer
    members voted as they did than some other way.
  frequency: 'daily' (null) or 'weekly'. At most 50 alerts per address. language (en, es or zh; default en): the
  confirmation is written in it, and confirming it makes it the language of the address's alert emails (on an
  address not confirmed yet it is stored at once). Asking a confirmed alert again from a page in another language
  queues its confirmation in that language; the language changes only when it is confirmed. The confirmation is
  queued by private.queue_confirmation.
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
  frequency text default 'daily',
  language text default 'en')
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
  problems jsonb := private.email_problems(btrim(create_alert.email));
  errors jsonb := '{}'::jsonb;
  form_errors jsonb := '[]'::jsonb;
  alert_kind text := coalesce(create_alert.kind, 'search');
  wanted_kinds text[] := coalesce(create_alert.kinds, array['meeting', 'topic', 'vote']);
  how_often text := coalesce(create_alert.frequency, 'daily');
  name text := nullif(btrim(create_alert.member), '');
  district bigint := create_alert.district_id;
  state_code text := nullif(upper(btrim(create_alert.state)), '');
  words text;
  alert_query tsquery;
  problem jsonb;
  refusal text;
  topic public.topics;
  sub public.subscriptions;
  alert private.alerts;
  existing integer;
  token bytea;
begin
  if jsonb_array_length(problems) > 0 then
    errors := jsonb_build_object('email', problems);
  end if;
  if alert_kind not in ('search', 'topic', 'member') then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', jsonb_build_array(jsonb_build_object('code', 'form.alert_kind')));
  end if;
  if not private.is_language(create_alert.language) then
    errors := errors || jsonb_build_object('language', jsonb_build_array(jsonb_build_object('code', 'field.language')));
  end if;
  if how_often not in ('daily', 'weekly') then
    errors := errors || jsonb_build_object('frequency', jsonb_build_array(jsonb_build_object('code', 'field.frequency')));
  end if;
  if cardinality(wanted_kinds) = 0 or not wanted_kinds <@ array['meeting', 'topic', 'vote'] then
    form_errors := form_errors || jsonb_build_object('code', 'search.kinds');
  end if;
  if coalesce(create_alert.minority_only, false) and alert_kind <> 'member' then
    form_errors := form_errors || jsonb_build_object('code', 'form.minority_only');
  end if;
  -- Counted before anything costlier than a plain read (the search text's statistics, a member among the votes): a
  -- client's 21st call in the hour is refused at once, whatever it asks.
  if errors = '{}'::jsonb and jsonb_array_length(form_errors) = 0 then
    refusal := private.rate_limited('alert');
    if refusal is not null then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(jsonb_build_object('code', refusal)));
    end if;
  end if;

  if alert_kind = 'search' then
    problem := private.search_text_problem(create_alert.q);
    if problem is not null then
      form_errors := form_errors || problem;
    else
      words := btrim(create_alert.q);
      alert_query := websearch_to_tsquery('english', words);
    end if;
    if district is not null and state_code is not null then
      form_errors := form_errors || jsonb_build_object('code', 'form.district_or_state');
    elsif district is not null and not exists (select from public.districts d where d.id = district) then
      form_errors := form_errors || jsonb_build_object('code', 'form.no_alert_district', 'id', district);
    elsif state_code is not null and (state_code !~ '^[A-Z]{2}$' or not exists (select from public.districts d where d.state = state_code)) then
      form_errors := form_errors || jsonb_build_object('code', 'form.no_state_district', 'state', left(create_alert.state, 20));
    end if;
  elsif alert_kind = 'topic' then
    select t.* into topic from public.topics t where t.id = create_alert.topic_id;
    if not found then
      form_errors := form_errors || jsonb_build_object('code', 'form.no_topic', 'id', create_alert.topic_id);
    else
      words := left(btrim(topic.title), 200);
      alert_query := phraseto_tsquery('english', words);
      district := topic."districtId";
      state_code := null;
      if numnode(alert_query) = 0 then
        form_errors := form_errors || jsonb_build_object('code', 'form.topic_unsearchable');
      end if;
    end if;
  else
    wanted_kinds := array['vote'];
    state_code := null;
    if name is null then
      errors := errors || jsonb_build_object('member', jsonb_build_array(jsonb_build_object('code', 'field.required')));
    elsif length(name) > 200 then
      errors := errors || jsonb_build_object('member', jsonb_build_array(jsonb_build_object('code', 'field.max_length', 'max', 200)));
    elsif district is null or not exists (select from public.districts d where d.id = district) then
      form_errors := form_errors || jsonb_build_object('code', 'form.no_alert_district', 'id', district);
    elsif not exists (select from public.votings v
                      where private.member_names(v.votes) @> array[lower(name)] and v."districtId" = district) then
      form_errors := form_errors || jsonb_build_object('code', 'form.no_member', 'name', name);
    else
      words := name;
      alert_query := phraseto_tsquery('english', name);
      if numnode(alert_query) = 0 then
        errors := errors || jsonb_build_object('member', jsonb_build_array(jsonb_build_object('code', 'field.name_unsearchable')));
      end if;
    end if;
  end if;

  if errors <> '{}'::jsonb or jsonb_array_length(form_errors) > 0 then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', form_errors);
  end if;

  begin
    -- A confirmed address's language is its owner's to change (by confirming), not the form's.
    insert into public.subscriptions (email, district_id, manage_token, language)
    values (address, null, private.new_token(), create_alert.language)
    on conflict ((lower(email))) where district_id is null do update
    set language = case when subscriptions.confirmed_at is not null and subscriptions.unsubscribed_at is null
                        then subscriptions.language else excluded.language end;
    -- The row lock makes concurrent alerts of one address count, and queue a confirmation, one after another.
    select s.* into sub from public.subscriptions s
    where lower(s.email) = lower(address) and s.district_id is null
    for update;

    select a.* into alert from private.alerts a
    where a.subscription_id = sub.id and a.kind = alert_kind and a.query = alert_query
      and a.district_id is not distinct from district and a.state is not distinct from state_code
      and a.kinds = wanted_kinds and a.topic_id is not distinct from create_alert.topic_id
      and lower(a.member) is not distinct from lower(name)
      and a.minority_only = coalesce(create_alert.minority_only, false)
    for update;
    if found then
      -- The same alert again: nothing more stored (its frequency is changed on the management page). A confirmed
      -- alert asked again in the address's language asks nothing.
      if alert.confirmed_at is not null and sub.confirmed_at is not null and sub.unsubscribed_at is null
         and sub.language = create_alert.language then
        return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
      end if;
    else
      select count(*) into existing from private.alerts a where a.subscription_id = sub.id;
      if existing >= most_alerts then
        -- Undoes what this call stored (the address's row, its language): nothing changes.
        raise exception 'form.most_alerts' using errcode = 'SB422';
      end if;
      insert into private.alerts (subscription_id, kind, search_text, query, anchors, district_id, state, kinds, topic_id, member, minority_only, frequency)
      values (sub.id, alert_kind, words, alert_query, private.query_anchors(alert_query), district, state_code, wanted_kinds,
              case when alert_kind = 'topic' then create_alert.topic_id end, case when alert_kind = 'member' then name end,
              coalesce(create_alert.minority_only, false), how_often)
      returning * into alert;
    end if;

    -- The email names exactly this alert, in the language asked. Past a cap this raises SB429, which undoes the
    -- alert stored above: nothing changes.
    token := private.queue_confirmation(sub, 'alert_confirmation', jsonb_build_object(
      'manage_token', sub.manage_token,
      'alert', jsonb_build_object('kind', alert.kind, 'text', alert.search_text, 'district_id', alert.district_id,
        'district_name', private.district_name(alert.district_id), 'state', alert.state, 'kinds', to_jsonb(alert.kinds),
        'minority_only', alert.minority_only, 'frequency', alert.frequency)),
      alert.confirmation_sent_at, create_alert.language);
    if token is not null then
      update private.alerts a set confirmation_token = token, confirmation_sent_at = now() where a.id = alert.id;
    end if;
  exception
    when sqlstate 'SB429' then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(jsonb_build_object('code', sqlerrm)));
    when sqlstate 'SB422' then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'form_errors', jsonb_build_array(jsonb_build_object('code', 'form.most_alerts', 'max', most_alerts)));
  end;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.create_alert(text, text, text, bigint, text, text[], bigint, text, boolean, text, text) is 'Sets up an alert for a search, a topic or a member''s votes, waiting for its owner to confirm the email that names it (in the given language; 50 per address); answers {ok, errors, form_errors}.';

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
comment on function private.alerts_owner(text) is 'The alerts row of the address whose management token this is, or null.';

-- What a management function answers for a token that names no address: malformed (not 64 hex) or unknown.
create function private.token_refusal(token text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('ok', false, 'status', case when token ~ '^[0-9a-f]{64}$' then 'unknown' else 'malformed' end)
$$;
comment on function private.token_refusal(text) is 'The answer of a management function for a token that names no address: malformed or unknown.';

/*
  list_alerts(token) returns jsonb: the management page's read.
    {"ok": true, "status": "listed", "email": "...", "confirmed": true, "alerts": [{id, kind, text, district_id,
      district_name, state, kinds, topic_id, member, minority_only, frequency, paused, created_at, feed_token,
      confirmed (whether its owner confirmed it; one not confirmed is matched for nothing)}, ...]}
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
        'created_at', a.created_at, 'feed_token', a.feed_token, 'confirmed', a.confirmed_at is not null) order by a.created_at, a.id)
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
    {"ok": false, "status": "invalid", "errors": {"frequency": [{"code": "field.frequency"}]}}
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

/*
  confirm_alert(token, alert_id): the owner turns on, from the management page, an alert that waits for its
  confirmation (one asked for this address, by anyone, is matched for nothing until then). The management link reaches
  only the address's own mailbox, in its alert emails, so pressing it is the owner's consent, as opening the
  confirmation email's link is: the alert is confirmed, and the address too when it was not yet (or had unsubscribed).
    {"ok": true, "status": "confirmed", "alert_id": 1}             also when it was confirmed already
    {"ok": false, "status": "no_alert", "alert_id": 1}             the address has no such alert
    {"ok": false, "status": "unknown" | "malformed"}
*/
create function public.confirm_alert(token text, alert_id bigint)
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
  update private.alerts a set confirmed_at = coalesce(a.confirmed_at, now())
  where a.id = confirm_alert.alert_id and a.subscription_id = owner.id;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'no_alert', 'alert_id', confirm_alert.alert_id);
  end if;
  update public.subscriptions s
  set confirmed_at = now(), unsubscribed_at = null
  where s.id = owner.id and (s.confirmed_at is null or s.unsubscribed_at is not null);
  return jsonb_build_object('ok', true, 'status', 'confirmed', 'alert_id', confirm_alert.alert_id);
end;
$$;
comment on function public.confirm_alert(text, bigint) is 'Turns on one waiting alert of a management link''s address (its owner''s consent, as the confirmation email''s link is); answers {ok, status, alert_id}.';

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
    return jsonb_build_object('ok', false, 'status', 'invalid', 'errors', jsonb_build_object('frequency', jsonb_build_array(jsonb_build_object('code', 'field.frequency'))));
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
  list_digests(token) and stop_digest(token, subscription_id): the management link's address's district summaries
  by email (the rows subscribe() writes from the subscribe box of a district page, one per address and district). The
  management token belongs to the address's alerts row; the address's digests are the rows of the same address,
  whatever its letter case (subscribe() and create_alert() keep one row per address and district, compared in lower
  case): an alias (parent+news@…) is an address of its own. Only rows not ended are listed or stopped; never another
  address's.

  list_digests(token) returns jsonb: at most 100 (the first by district id, read through the index of the address and
  district), each with its district's name, the language its emails are written in and whether its owner confirmed it
  (one waiting is sent nothing until then), ordered by district name; more when the address has others.
    {"ok": true, "status": "listed", "digests": [{"id": 7, "district_id": 1, "district_name": "...",
      "language": "es", "confirmed": true}, ...], "more": false}
    {"ok": false, "status": "unknown" | "malformed"}

  stop_digest(token, subscription_id) ends one of them, as its own unsubscribe link does, and skips any digest or
  confirmation still queued for it.
    {"ok": true, "status": "stopped", "subscription_id": 7, "district_id": 1, "district_name": "..."}
    {"ok": false, "status": "no_digest", "subscription_id": 7}   not a digest of this address, or ended already
    {"ok": false, "status": "unknown" | "malformed"}
*/
create function public.list_digests(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  most constant integer := 100;
  owner public.subscriptions := private.alerts_owner(token);
  listed jsonb;
  total integer;
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  with picked as (
    select s.id, s.district_id, s.language, s.confirmed_at
    from public.subscriptions s
    where lower(s.email) = lower(owner.email) and s.district_id is not null and s.unsubscribed_at is null
    order by s.district_id
    limit most + 1
  )
  select count(*)::integer,
    coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'district_id', f.district_id, 'district_name', d.name,
      'language', f.language, 'confirmed', f.confirmed_at is not null) order by d.name, f.id)
      filter (where f.n <= most), '[]'::jsonb)
  into total, listed
  from (select p.*, row_number() over (order by p.district_id) as n from picked p) f
  join public.districts d on d.id = f.district_id;
  return jsonb_build_object('ok', true, 'status', 'listed', 'digests', listed, 'more', total > most);
end;
$$;
comment on function public.list_digests(text) is 'The district summaries by email of a management link''s address (the same address, any letter case; at most 100, not ended); answers {ok, status, digests, more}.';

create function public.stop_digest(token text, subscription_id bigint)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
  sub public.subscriptions;
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  update public.subscriptions s set unsubscribed_at = now()
  where s.id = stop_digest.subscription_id and s.district_id is not null and s.unsubscribed_at is null
    and lower(s.email) = lower(owner.email)
  returning s.* into sub;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'no_digest', 'subscription_id', stop_digest.subscription_id);
  end if;
  -- Nothing queued for it is sent to someone who stopped it.
  update public.email_outbox o set state = 'skipped', last_error = 'unsubscribed before it was sent'
  where o.subscription_id = sub.id and o.state = 'queued';
  return jsonb_build_object('ok', true, 'status', 'stopped', 'subscription_id', sub.id, 'district_id', sub.district_id,
    'district_name', private.district_name(sub.district_id));
end;
$$;
comment on function public.stop_digest(text, bigint) is 'Ends one district summaries subscription of a management link''s address (not another''s); answers {ok, status, subscription_id, district_id, district_name}.';

/*
  match_alerts(since) returns jsonb {"run_id", "since", "through", "records", "queued"}: the meetings, topics and
  votes whose searched text was written or changed in [since, through) are matched against the alerts, and each new
  (alert, record) pair is queued in private.alert_matches, once: the pair is unique, so a run started again over the
  same window, or a window that overlaps an earlier one, queues nothing twice. since defaults to the end of the last
  run. through is now, or earlier while another transaction that started before now is still open (its writes bear
  its start time and are not visible yet: they are matched by the next run, not lost).

  Matched: alerts not paused, confirmed by their owner, of confirmed addresses that did not unsubscribe, created before the record changed, of
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
      select a.id, a.subscription_id, a.created_at, a.confirmed_at, a.kind, a.member, a.minority_only from private.alerts a
      where a.district_id = f.district and not a.paused and f.kind = any (a.kinds) and a.query @@ f.vector
      union all
      select a.id, a.subscription_id, a.created_at, a.confirmed_at, a.kind, a.member, a.minority_only from private.alerts a
      where a.district_id is null and a.anchors && f.words and (a.state is null or a.state = f.state)
        and not a.paused and f.kind = any (a.kinds) and a.query @@ f.vector
    ) a
    join public.subscriptions s on s.id = a.subscription_id
    where s.confirmed_at is not null and s.unsubscribed_at is null and a.confirmed_at is not null and a.created_at <= f.changed_at
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

/*
  private.marked_snippet(body, query) returns text: the part of a record's text that matches the query, as the record
  search shows it: at most two fragments of 12 to 30 words, joined by ' … ', escaped for HTML, with <mark>…</mark>
  around the matching words (the only markup it carries). The sender reads it back through the site's sanitiser.
*/
create function private.marked_snippet(body text, query tsquery)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(
    replace(replace(replace(replace(regexp_replace(
      ts_headline('english', coalesce(body, ''), query, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
      '\s+', ' ', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    chr(1), '<mark>'), chr(2), '</mark>')
$$;
comment on function private.marked_snippet(text, tsquery) is 'A record''s matching excerpt as the record search shows it: escaped HTML with <mark> around the matched words.';

/*
  queue_alert_emails() returns jsonb {"queued": emails, "matches": matches listed, "waiting": matches not sent yet (of
  weekly alerts not due, of paused alerts)}: for each confirmed address that did not unsubscribe, one email (email_outbox kind 'alert') listing the
  unsent matches of its alerts that are due, grouped by alert, newest record first. An alert is due when it is not
  paused and its last email went out at least 20 hours ago (daily; the nightly run may start at a slightly different
  time each night) or 6 days 20 hours ago (weekly, counted from its creation before its first email). In the same
  transaction the listed matches get sent_at and their alerts last_sent_at: a match is queued once, and an address with
  nothing due gets nothing. A match whose record was deleted since is marked sent without being listed.

  The payload: {manage_token, unsubscribe_token, language, alerts: [{id, kind, text, district_id, district_name, state, kinds,
  member, minority_only, frequency, feed_token, matches: [{kind, id, district_id, district_name, date, title, snippet,
  href}]}]}; href is the record's place on its district page (#meeting-MM-DD-YY, #topic-id, #vote-id), as the record
  search links it.
*/
create function public.queue_alert_emails()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
  listed integer;
  waiting integer;
begin
  -- One queuing at a time: two overlapping runs would otherwise both list the same unsent matches.
  perform pg_advisory_xact_lock(hashtext('public.queue_alert_emails'));
  with due_matches as materialized (
  select m.id as match_id, a.id as alert_id, a.subscription_id, m.record_kind, m.record_id, m.district_id, m.matched_at
  from private.alerts a
  join public.subscriptions s on s.id = a.subscription_id
  join private.alert_matches m on m.alert_id = a.id and m.sent_at is null
  where s.confirmed_at is not null and s.unsubscribed_at is null and a.confirmed_at is not null and not a.paused
    and case a.frequency
          when 'weekly' then coalesce(a.last_sent_at, a.created_at) <= now() - interval '6 days 20 hours'
          else a.last_sent_at is null or a.last_sent_at <= now() - interval '20 hours'
        end
  ),
  -- Every email bounded: at most 20 matches of each alert and 100 in all are listed (the newest); the rest are counted
  -- (each alert's 'more') and marked sent with them, to be read on the site's search or the alert's feed.
  ranked as materialized (
    select dm.*, row_number() over (partition by dm.alert_id order by dm.matched_at desc, dm.match_id desc) as in_alert,
      count(*) over (partition by dm.alert_id) as of_alert
    from due_matches dm
  ),
  listed as materialized (
    select r.*, row_number() over (partition by r.subscription_id order by a.created_at, a.id, r.in_alert) as in_email
    from ranked r join private.alerts a on a.id = r.alert_id
    where r.in_alert <= 20
  ),
  described as (
    select dm.match_id, dm.alert_id, dm.subscription_id, dm.record_kind, dm.record_id, dm.district_id, d.name as district_name,
      case dm.record_kind when 'meeting' then m.date when 'vote' then v."voteDate" end as record_date,
      dm.matched_at,
      case dm.record_kind
        when 'meeting' then (
          select case when kind_of = '' or lower(kind_of) = 'normal' or left(lower(base), length(kind_of)) = lower(kind_of) then base
                      else upper(left(kind_of, 1)) || substr(kind_of, 2) || ' ' || base end
            from (select coalesce(nullif(btrim(m.title), ''), 'Board Meeting') as base, coalesce(btrim(m.meeting_type), '') as kind_of) as named)
        when 'topic' then t.title
        else coalesce(nullif(btrim(v.issue), ''), 'Vote')
      end as title,
      private.marked_snippet(case dm.record_kind
        when 'meeting' then concat_ws(' ', private.plain_text(m.summary), private.topics_text(m.topics))
        when 'topic' then coalesce(nullif(private.plain_text(t.description), ''), t.title)
        else concat_ws(' · ', v.issue, v.category, v.outcome, private.votes_by_choice(v.votes))
      end, a.query) as snippet,
      case dm.record_kind
        when 'meeting' then '/' || dm.district_id || '?tab=Meetings#meeting-' || to_char(m.date, 'MM-DD-YY')
        when 'topic' then '/' || dm.district_id || '?tab=topics#topic-' || dm.record_id
        else '/' || dm.district_id || '?tab=voting#vote-' || dm.record_id
      end as href
    from (select l.* from listed l where l.in_email <= 100) dm
    join private.alerts a on a.id = dm.alert_id
    join public.districts d on d.id = dm.district_id
    left join public.meetings m on dm.record_kind = 'meeting' and m.id = dm.record_id
    left join public.topics t on dm.record_kind = 'topic' and t.id = dm.record_id
    left join public.votings v on dm.record_kind = 'vote' and v.id = dm.record_id
    where m.id is not null or t.id is not null or v.id is not null
  ),
  per_alert as (
    select x.subscription_id, x.alert_id, jsonb_agg(jsonb_build_object(
        'kind', x.record_kind, 'id', x.record_id, 'district_id', x.district_id, 'district_name', x.district_name,
        'date', coalesce(x.record_date, x.matched_at::date), 'title', x.title, 'snippet', x.snippet, 'href', x.href)
        order by coalesce(x.record_date, x.matched_at::date) desc, x.record_kind, x.record_id desc) as matches
    from described x
    group by x.subscription_id, x.alert_id
  ),
  per_address as (
    select p.subscription_id, jsonb_agg(jsonb_build_object(
        'id', a.id, 'kind', a.kind, 'text', a.search_text, 'district_id', a.district_id,
        'district_name', private.district_name(a.district_id), 'state', a.state, 'kinds', to_jsonb(a.kinds),
        'member', a.member, 'minority_only', a.minority_only, 'frequency', a.frequency, 'feed_token', a.feed_token,
        'matches', p.matches,
        'more', (select max(r.of_alert) from ranked r where r.alert_id = p.alert_id) - jsonb_array_length(p.matches))
        order by a.created_at, a.id) as alerts
    from per_alert p join private.alerts a on a.id = p.alert_id
    group by p.subscription_id
  ),
  inserted as (
    insert into public.email_outbox (kind, subscription_id, recipient, payload)
    select 'alert', s.id, s.email, jsonb_build_object('manage_token', s.manage_token, 'unsubscribe_token', s.unsubscribe_token,
      'language', s.language, 'alerts', pa.alerts)
    from per_address pa join public.subscriptions s on s.id = pa.subscription_id
    returning 1
  ),
  stamped as (
    update private.alerts a set last_sent_at = now() where a.id in (select p.alert_id from per_alert p)
  ),
  marked as (
    -- The matches of the alerts listed, those beyond an alert's 20 counted in its 'more'; an alert none of whose
    -- matches fit in this email's 100 keeps them for the next.
    update private.alert_matches m set sent_at = now()
    where m.id in (select r.match_id from ranked r where r.alert_id in (select p.alert_id from per_alert p))
  )
  select (select count(*) from inserted), (select count(*) from described) into queued, listed;

  select count(*) into waiting from private.alert_matches m where m.sent_at is null;
  return jsonb_build_object('queued', queued, 'matches', listed, 'waiting', waiting);
end;
$$;
comment on function public.queue_alert_emails() is 'Queues one email per address with its alerts'' unsent matches that are due (daily or weekly), marking them sent in the same transaction; answers {queued, matches, waiting}.';

/*
  stop_alerts(token, alert_ids) returns jsonb: the one-click unsubscribe (RFC 8058) of an alert email, whose
  List-Unsubscribe address carries the address's management token and the ids of the alerts the email came from. Those
  alerts are deleted (with their matches); the address's other alerts stay. {"ok": true, "status": "stopped",
  "deleted": n} (also when they were deleted already); {"ok": false, "status": "unknown" | "malformed"} for a token
  that names no address. At most 50 ids (an address's most alerts).
*/
create function public.stop_alerts(token text, alert_ids bigint[])
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
  delete from private.alerts a
  where a.subscription_id = owner.id and a.id = any ((coalesce(stop_alerts.alert_ids, '{}'))[1:50]);
  get diagnostics deleted = row_count;
  return jsonb_build_object('ok', true, 'status', 'stopped', 'deleted', deleted);
end;
$$;
comment on function public.stop_alerts(text, bigint[]) is 'The one-click unsubscribe of an alert email: deletes those alerts of a management link''s address; answers {ok, status, deleted}.';

/*
  alert_feed(token) returns jsonb: what an alert's feed lists, by its feed token.
    {"ok": true, "alert": {kind, text, district_id, district_name, state, kinds, minority_only, frequency},
     "entries": [{kind, id, district_id, district_name, date, title, snippet, href, matched_at}, ...]}   its newest 50
     matches, newest first; snippet is plain text (the matching words in their sentence, as the record search quotes them)
    {"ok": false, "status": "malformed" | "unknown"}   a token that is not 64 lowercase hex characters, or names no alert
  The work is bounded: one alert found by its unique token, at most 50 of its matches read through their index, each
  record read by its key.
*/
create function public.alert_feed(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  alert private.alerts;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('ok', false, 'status', 'malformed');
  end if;
  select a.* into alert from private.alerts a where a.feed_token = alert_feed.token;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'unknown');
  end if;
  return jsonb_build_object('ok', true,
    'alert', jsonb_build_object('kind', alert.kind, 'text', alert.search_text, 'district_id', alert.district_id,
      'district_name', private.district_name(alert.district_id), 'state', alert.state, 'kinds', to_jsonb(alert.kinds),
      'minority_only', alert.minority_only, 'frequency', alert.frequency),
    'entries', coalesce((
      select jsonb_agg(jsonb_build_object('kind', x.record_kind, 'id', x.record_id, 'district_id', x.district_id,
          'district_name', d.name, 'date', x.record_date, 'title', x.title, 'snippet', x.snippet, 'href', x.href,
          'matched_at', x.matched_at) order by x.id desc)
      from (
        select m.id, m.record_kind, m.record_id, m.district_id, m.matched_at,
          coalesce(case m.record_kind when 'meeting' then mt.date when 'vote' then v."voteDate" end, m.matched_at::date) as record_date,
          case m.record_kind
            when 'meeting' then coalesce(nullif(btrim(mt.title), ''), 'Board Meeting')
            when 'topic' then t.title
            else coalesce(nullif(btrim(v.issue), ''), 'Vote')
          end as title,
          btrim(regexp_replace(ts_headline('english', case m.record_kind
              when 'meeting' then concat_ws(' ', private.plain_text(mt.summary), private.topics_text(mt.topics))
              when 'topic' then coalesce(nullif(private.plain_text(t.description), ''), t.title)
              else concat_ws(' · ', v.issue, v.category, v.outcome, private.votes_by_choice(v.votes))
            end, alert.query, 'StartSel=' || chr(1) || ', StopSel=' || chr(1) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
            '[\x01\s]+', ' ', 'g')) as snippet,
          case m.record_kind
            when 'meeting' then '/' || m.district_id || '?tab=Meetings#meeting-' || to_char(mt.date, 'MM-DD-YY')
            when 'topic' then '/' || m.district_id || '?tab=topics#topic-' || m.record_id
            else '/' || m.district_id || '?tab=voting#vote-' || m.record_id
          end as href
        from (select * from private.alert_matches am where am.alert_id = alert.id order by am.id desc limit 50) m
        left join public.meetings mt on m.record_kind = 'meeting' and mt.id = m.record_id
        left join public.topics t on m.record_kind = 'topic' and t.id = m.record_id
        left join public.votings v on m.record_kind = 'vote' and v.id = m.record_id
        where mt.id is not null or t.id is not null or v.id is not null
      ) x
      join public.districts d on d.id = x.district_id), '[]'::jsonb));
end;
$$;
comment on function public.alert_feed(text) is 'An alert''s feed by its feed token: the alert and its newest 50 matches; answers {ok, alert, entries} or {ok: false, status}.';

/*
  count_feed_request(client) returns jsonb: counts one feed request from `client` against the feeds' limit
  (private.rate_limits 'feed', where every limit is), keyed as the API's clients are (private.client_key of the
  address in the platform's header, which the feed server reads as the API does). {"ok": true} within it;
  {"ok": false, "code": "limit.feeds", "count": 60, "seconds": 60} past it, counting nothing. The service role's
  only: the feed server asks it for each reader, since the database sees the server itself as one client; however
  many instances of the server run, a client has one count.
*/
create function public.count_feed_request(client text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  key text := private.client_key(client);
  refusal text;
  rule private.rate_limits;
begin
  refusal := private.limit_reached('feed', key);
  if refusal is null then
    return jsonb_build_object('ok', true);
  end if;
  select r.* into rule from private.rate_limits r where r.action = 'feed';
  return jsonb_build_object('ok', false, 'code', refusal, 'count', rule.max_count,
                            'seconds', ceil(extract(epoch from rule.per))::integer);
end;
$$;
comment on function public.count_feed_request(text) is 'Counts one feed request of a client against the feeds'' limit: {ok: true}, or {ok: false, code, count, seconds} past it (nothing counted).';
revoke all on function public.count_feed_request(text) from public, anon, authenticated;
grant execute on function public.count_feed_request(text) to service_role;

revoke execute on function public.create_alert(text, text, text, bigint, text, text[], bigint, text, boolean, text, text), public.list_alerts(text),
  public.pause_alert(text, bigint, boolean), public.confirm_alert(text, bigint), public.set_alert_frequency(text, bigint, text),
  public.delete_alert(text, bigint),
  public.unsubscribe_alerts(text), public.list_digests(text), public.stop_digest(text, bigint), public.stop_alerts(text, bigint[]),
  public.alert_feed(text), public.match_alerts(timestamptz), public.queue_alert_emails() from public, anon, authenticated;
grant execute on function public.create_alert(text, text, text, bigint, text, text[], bigint, text, boolean, text, text), public.list_alerts(text),
  public.pause_alert(text, bigint, boolean), public.confirm_alert(text, bigint), public.set_alert_frequency(text, bigint, text),
  public.delete_alert(text, bigint),
  public.unsubscribe_alerts(text), public.list_digests(text), public.stop_digest(text, bigint), public.stop_alerts(text, bigint[]),
  public.alert_feed(text) to anon, authenticated;
grant execute on function public.match_alerts(timestamptz), public.queue_alert_emails() to service_role;
revoke all on function private.note_record_insert(), private.note_record_update(), private.search_text_problem(text),
  private.query_anchors(tsquery), private.member_vote(jsonb, text), private.member_names(jsonb), private.alerts_owner(text),
  private.token_refusal(text), private.marked_snippet(text, tsquery) from public;
