-- A confirmation email is queued in one place: subscribe() and create_alert() both ask
-- private.queue_confirmation(subscription, kind, payload), so the two forms apply the same rules when they ask an
-- address to confirm: none for a confirmed address, at most one an hour per subscription, the mailbox's cap (5 an hour,
-- aliases folded) and the site's (200 an hour), one token row, one outbox row.
--
-- What changes for a hosted database that ran the earlier migrations: nothing a caller sees. subscribe() and
-- create_alert() keep their arguments, answers, grants and emails; new is private.queue_confirmation() (no grant).

/*
  private.queue_confirmation(subscription, kind, payload): queues the confirmation email of a subscription row (locked
  by the caller) unless the address is confirmed and subscribed, or one went out for it in the last hour. Counted
  against the recipient's mailbox and the site's hourly caps, whoever asks, from whatever address; past a cap it raises
  the cap's message with errcode SB429, so the caller's own writes in that transaction are undone with the counts. The
  outbox row is of the given kind ('confirmation', 'alert_confirmation'); its payload is the caller's plus the new
  token, the subscription's unsubscribe_token and its language.
*/
create function private.queue_confirmation(subscription public.subscriptions, kind text, payload jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text;
  refusal text;
begin
  if subscription.confirmed_at is not null and subscription.unsubscribed_at is null then
    return;
  end if;
  if subscription.confirmation_sent_at is not null and subscription.confirmation_sent_at >= now() - interval '1 hour' then
    return;
  end if;
  refusal := private.limit_reached('confirmation_mailbox', private.mailbox(subscription.email));
  if refusal is null then
    refusal := private.limit_reached('confirmation_total', 'all');
  end if;
  if refusal is not null then
    raise exception '%', refusal using errcode = 'SB429';
  end if;
  token := private.new_token();
  insert into private.confirmation_tokens (token_hash, subscription_id, expires_at)
  values (private.token_hash(token), subscription.id, now() + interval '3 days');
  insert into public.email_outbox (kind, subscription_id, recipient, payload)
  values (queue_confirmation.kind, subscription.id, subscription.email, queue_confirmation.payload || jsonb_build_object(
    'token', token,
    'unsubscribe_token', subscription.unsubscribe_token,
    'language', subscription.language));
  update public.subscriptions s set confirmation_sent_at = now() where s.id = subscription.id;
end;
$$;

comment on function private.queue_confirmation(public.subscriptions, text, jsonb) is 'Queues a subscription''s confirmation email of the given kind and payload (none when confirmed or sent in the last hour); past the mailbox''s or the site''s hourly cap raises SB429 with the cap''s message.';
revoke all on function private.queue_confirmation(public.subscriptions, text, jsonb) from public, anon, authenticated;

-- subscribe(email, district_id, language) as in 20261128090000_subscriber_language.sql; its confirmation is queued by
-- private.queue_confirmation.
create or replace function public.subscribe(email text, district_id bigint, language text default 'en')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text := btrim(subscribe.email);
  problems text[] := private.email_problems(btrim(subscribe.email));
  sub public.subscriptions;
  refusal text;
  errors jsonb := '{}'::jsonb;
begin
  if cardinality(problems) > 0 then
    errors := jsonb_build_object('email', to_jsonb(problems));
  end if;
  if not private.is_language(subscribe.language) then
    errors := errors || jsonb_build_object('language', jsonb_build_array('must be en, es or zh'));
  end if;
  if errors <> '{}'::jsonb then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', '[]'::jsonb);
  end if;
  if subscribe.district_id is null or not exists (select from public.districts d where d.id = subscribe.district_id) then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb,
      'form_errors', jsonb_build_array('There is no district ' || coalesce(subscribe.district_id::text, '(none given)') || ' to subscribe to.'));
  end if;

  refusal := private.rate_limited('subscribe');
  if refusal is not null then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(refusal));
  end if;

  begin
    insert into public.subscriptions (email, district_id, language)
    values (address, subscribe.district_id, subscribe.language)
    on conflict ((lower(email)), district_id) do update set language = excluded.language;
    -- The row lock makes concurrent subscribes of one address queue one confirmation between them.
    select s.* into sub from public.subscriptions s
    where lower(s.email) = lower(address) and s.district_id = subscribe.district_id
    for update;
    -- Past a cap this raises SB429, which undoes the subscription stored above: nothing changes.
    perform private.queue_confirmation(sub, 'confirmation', jsonb_build_object(
      'district_id', sub.district_id,
      'district_name', private.district_name(sub.district_id)));
  exception when sqlstate 'SB429' then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(sqlerrm));
  end;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;

/*
  create_alert(email, kind, q, district_id, state, kinds, topic_id, member, minority_only, frequency, language) as in
  20261128090000_subscriber_language.sql; its confirmation is queued by private.queue_confirmation.
*/
create or replace function public.create_alert(
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
  existing integer;
begin
  if cardinality(problems) > 0 then
    errors := jsonb_build_object('email', to_jsonb(problems));
  end if;
  if alert_kind not in ('search', 'topic', 'member') then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors',
      jsonb_build_array('An alert is for a search, a topic or a member; kind must be search, topic or member.'));
  end if;
  if not private.is_language(create_alert.language) then
    errors := errors || jsonb_build_object('language', jsonb_build_array('must be en, es or zh'));
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
    insert into public.subscriptions (email, district_id, manage_token, language)
    values (address, null, private.new_token(), create_alert.language)
    on conflict ((lower(email))) where district_id is null do update set language = excluded.language;
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

    -- Past a cap this raises SB429, which undoes the alert stored above: nothing changes.
    perform private.queue_confirmation(sub, 'alert_confirmation', jsonb_build_object(
      'manage_token', sub.manage_token,
      'alert', jsonb_build_object('kind', alert_kind, 'text', words, 'district_id', district,
        'district_name', private.district_name(district), 'state', state_code, 'kinds', to_jsonb(wanted_kinds),
        'minority_only', coalesce(create_alert.minority_only, false), 'frequency', how_often)));
  exception
    when sqlstate 'SB429' then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(sqlerrm));
    when sqlstate 'SB422' then
      return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'form_errors', jsonb_build_array(sqlerrm));
  end;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;

notify pgrst, 'reload schema';
