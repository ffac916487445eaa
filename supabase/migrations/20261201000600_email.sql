-- Summaries that arrive. A subscription is confirmed by email before anything else is sent to it (double opt-in),
-- every email goes through an outbox with its state (so a killed run never sends one twice or loses one), and each
-- subscription has a permanent unsubscribe token for the one-click link (RFC 8058). Every email to an address (the
-- confirmation, the digest, the alerts) is written in the language of the page it subscribed from: English, Spanish
-- or Chinese (Simplified).
--
-- A confirmation email is queued in one place, private.queue_confirmation, which subscribe() and create_alert() both
-- ask, so the two forms apply the same rules when they ask an address to confirm: at most one an hour per request,
-- the mailbox's cap (5 an hour, aliases folded), the asking client's (10 an hour) and its network's (40 an hour per
-- IPv4 /24 or IPv6 /64), the site's alarm (20,000 an hour), one token row, one outbox row.
--
-- Consent belongs to the address's owner. On a confirmed address nothing a form asks takes effect by itself: a
-- district's summaries in another language, or a new alert, wait for the owner to open a new confirmation email
-- that names exactly what was asked (its token says what it confirms: the language asked, the alert asked). The
-- form's answer is the same in every case, so it tells nobody whether an address is on a list.
--
-- Every email a sender holds is held by a run (one `npm run mail:send`, one pass of the local worker or of the hosted
-- scheduled function) that says it is alive while it works. A run that is gone gives its emails back at once when
-- another run can tell (the same machine, its process no longer there), or when its short lease ends otherwise; and a
-- run can say which emails other runs hold and until when.

-- 64 hex characters from two random UUIDs: 244 random bits, unguessable, and safe in a URL.
create function private.new_token()
returns text
language sql
volatile
set search_path = ''
as $$ select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') $$;
comment on function private.new_token() is 'A new random token (64 hex characters) for confirmation and unsubscribe links.';

-- Only the hash of a confirmation token is kept: whoever reads this table cannot confirm anyone.
create function private.token_hash(token text)
returns bytea
language sql
immutable
set search_path = ''
as $$ select sha256(convert_to(token, 'UTF8')) $$;
comment on function private.token_hash(text) is 'The sha256 of a confirmation token: what private.confirmation_tokens keeps.';

-- Whether a value names one of the site's languages.
create function private.is_language(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select coalesce(value in ('en', 'es', 'zh'), false) $$;
comment on function private.is_language(text) is 'Whether a value names one of the site''s languages: en, es or zh.';

/*
  private.mailbox(email) returns text: the mailbox an address delivers to, so its aliases count as one.
    'Parent+News@Example.org'      -> 'parent@example.org'
    'j.o.h.n+x@googlemail.com'     -> 'john@gmail.com'      (Gmail ignores dots, googlemail.com is gmail.com)
*/
create function private.mailbox(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  with parts as (
    select coalesce(substring(lower(btrim(email)) from '^(.*)@[^@]*$'), lower(btrim(email))) as local_part,
      substring(lower(btrim(email)) from '@([^@]*)$') as domain
  ),
  folded as (
    select case when domain in ('gmail.com', 'googlemail.com') then 'gmail.com' else domain end as domain,
      split_part(local_part, '+', 1) as local_part
    from parts
  )
  select case when domain = 'gmail.com' then replace(local_part, '.', '') else local_part end || coalesce('@' || domain, '')
  from folded
$$;
comment on function private.mailbox(text) is 'The mailbox an address delivers to: lower case, without its +tag, a Gmail address without dots.';

create table public.subscriptions (
  id bigint generated always as identity primary key,
  email text not null check (length(email) between 3 and 254),
  district_id bigint references public.districts (id) on delete cascade,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  -- When the last confirmation email was queued: a repeated subscribe re-sends it at most once an hour.
  confirmation_sent_at timestamptz,
  -- Summaries that appeared up to this moment were sent (or predate the confirmation).
  digest_through timestamptz,
  unsubscribe_token text not null default private.new_token(),
  manage_token text,
  language text not null default 'en' check (language in ('en', 'es', 'zh')),
  -- An address's alerts are a subscription without a district, the one row that holds a management token.
  constraint subscriptions_manage_token_only_for_alerts check ((district_id is null) = (manage_token is not null))
);
comment on table public.subscriptions is 'Email addresses that asked for a district''s meeting summaries, one row per address and district (written only by subscribe), and the one row of each address''s alerts, without a district (written only by create_alert).';
comment on column public.subscriptions.district_id is 'The district whose summaries the address gets; null for the row that holds an address''s alerts (one per address).';
comment on column public.subscriptions.confirmed_at is 'When the address owner opened the confirmation link; null until then (nothing but confirmations is sent).';
comment on column public.subscriptions.unsubscribed_at is 'When the subscriber unsubscribed; null while subscribed.';
comment on column public.subscriptions.digest_through is 'Summaries that appeared up to this time have been sent to this subscription (or predate its confirmation).';
comment on column public.subscriptions.unsubscribe_token is 'The permanent token of the unsubscribe link and the List-Unsubscribe header.';
comment on column public.subscriptions.manage_token is 'The token of the link that lists and manages an address''s alerts (64 hex characters); null for a district''s subscription.';
comment on column public.subscriptions.language is 'The language every email of this subscription is written in: en, es or zh (the page it was made from).';
-- One row per address and district, whatever the letter case of the address; one row of alerts per address.
create unique index subscriptions_email_district_key on public.subscriptions (lower(email), district_id);
create index subscriptions_district_idx on public.subscriptions (district_id);
create unique index subscriptions_unsubscribe_token_key on public.subscriptions (unsubscribe_token);
create unique index subscriptions_alerts_email_key on public.subscriptions (lower(email)) where district_id is null;
create unique index subscriptions_manage_token_key on public.subscriptions (manage_token);

-- Row level security with no policy at all: anon and authenticated see and change nothing. Only the security definer
-- functions (owned by the migration's role) and the operators' own connection write or read.
alter table public.subscriptions enable row level security;
-- Supabase grants every privilege on new tables to anon and authenticated by default: take them all back.
revoke all on public.subscriptions from public, anon, authenticated;

create table private.confirmation_tokens (
  token_hash bytea primary key,
  subscription_id bigint not null references public.subscriptions (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  -- The language the emails of the subscription are written in once this token is confirmed (the page it was asked
  -- from); null leaves the language as it is.
  language text check (language in ('en', 'es', 'zh'))
);
comment on table private.confirmation_tokens is 'Single-use confirmation tokens (their sha256 only), each valid for three days, each confirming what was asked with it: the subscription, its language, the alerts that name it (private.alerts.confirmation_token).';
create index confirmation_tokens_subscription_idx on private.confirmation_tokens (subscription_id);

-- When each meeting's summary first appeared, which decides what goes into a digest. Kept beside the meetings
-- table rather than in it, so the public row (and what the build reads) holds only the record.
create table private.summary_appearances (
  meeting_id bigint primary key references public.meetings (id) on delete cascade,
  district_id bigint not null,
  appeared_at timestamptz not null default clock_timestamp()
);
comment on table private.summary_appearances is 'When a meeting''s summary first became non-empty; digests list the summaries that appeared since the last one.';
create index summary_appearances_district_idx on private.summary_appearances (district_id, appeared_at);

-- A summary counts once it has text outside its markup.
create function private.has_summary(summary text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select coalesce(btrim(regexp_replace(summary, '<[^>]*>|&nbsp;', '', 'g')) <> '', false) $$;

create function private.note_summary_appearance()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.has_summary(new.summary) then
    insert into private.summary_appearances (meeting_id, district_id) values (new.id, new."districtId")
    on conflict (meeting_id) do nothing;
  end if;
  return null;
end;
$$;
comment on function private.has_summary(text) is 'Whether a summary has text outside its markup.';
comment on function private.note_summary_appearance() is 'Notes when an updated meeting''s summary first appeared (private.summary_appearances).';

-- A meeting's first summary is noted once per statement for inserted meetings: an import that adds a state's
-- meetings runs one insert here, not a function call and an insert per meeting. Updates keep their row trigger.
create function private.note_inserted_summaries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.summary_appearances (meeting_id, district_id)
  select n.id, n."districtId" from inserted n where private.has_summary(n.summary)
  on conflict (meeting_id) do nothing;
  return null;
end;
$$;
comment on function private.note_inserted_summaries() is 'Notes when the summaries of inserted meetings appeared (private.summary_appearances), once per statement.';
create trigger meetings_summary_appeared
after update of summary on public.meetings
for each row execute function private.note_summary_appearance();
create trigger meetings_summaries_inserted
after insert on public.meetings
referencing new table as inserted
for each statement execute function private.note_inserted_summaries();

create table private.mail_runs (
  id uuid primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  -- The run renews its leases every few seconds; this is when it last did.
  seen_at timestamptz not null default now(),
  ended_at timestamptz
);
comment on table private.mail_runs is 'The senders that claimed emails: where each runs, when it was last seen, and when it ended.';

create table public.email_outbox (
  id bigint generated always as identity primary key,
  -- A district's confirmation and digest, an address's alert confirmation and its alerts' matches.
  kind text not null check (kind in ('confirmation', 'digest', 'alert_confirmation', 'alert')),
  subscription_id bigint references public.subscriptions (id) on delete set null,
  recipient text not null check (length(recipient) <= 254),
  -- Everything the email says, decided when it was queued (see src/alerts/emails.ts for how it is written).
  payload jsonb not null,
  -- queued -> sending -> sent; a failed attempt goes back to queued with a later next_attempt_at, or to failed
  -- for good after the last attempt; a digest whose subscriber left before it went out is skipped.
  state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A sender that claimed the email holds it until then; past it, a crashed sender's email is claimed again.
  lease_until timestamptz,
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  run_id uuid references private.mail_runs (id) on delete set null
);
comment on table public.email_outbox is 'Every email the site sends, with its state: written by subscribe(), create_alert(), queue_digests() and queue_alert_emails(), sent by npm run mail:send.';
comment on column public.email_outbox.run_id is 'The run holding this email while it is being sent (state sending); null otherwise.';
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where state in ('queued', 'sending');
create index email_outbox_run_idx on public.email_outbox (run_id) where run_id is not null;
alter table public.email_outbox enable row level security;
revoke all on public.email_outbox from public, anon, authenticated;
grant select, update on public.email_outbox to service_role;

-- The district as emails name it.
create function private.district_name(district bigint)
returns text
language sql
stable
set search_path = ''
as $$ select d.name from public.districts d where d.id = district $$;
comment on function private.district_name(bigint) is 'The name of a district, as the emails name it.';

/*
  private.queue_confirmation(subscription, kind, payload, last_sent, language) returns bytea: queues a confirmation
  email for what a form asked of a subscription row (locked by the caller), and answers its token's hash (the caller
  ties what the token confirms to it: an alert), or null when none was queued because one went out for the same
  request in the last hour (last_sent). Counted against the recipient's mailbox, the asking client and its network
  (through the API) and the site's alarm; past one it raises its code (limit.mailbox, limit.confirmations,
  limit.site) with errcode SB429, so
  the caller's own writes in that transaction are undone with the counts. The outbox row is of the given kind
  ('confirmation', 'alert_confirmation'); its payload is the caller's plus the new token, the subscription's
  unsubscribe_token and the language asked (the email is written in it, and confirming sets it).
*/
create function private.queue_confirmation(subscription public.subscriptions, kind text, payload jsonb,
  last_sent timestamptz, language text)
returns bytea
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text;
  refusal text;
begin
  if last_sent is not null and last_sent >= now() - interval '1 hour' then
    return null;
  end if;
  refusal := private.limit_reached('confirmation_mailbox', private.mailbox(subscription.email));
  if refusal is null and private.client_address() is not null then
    refusal := private.limit_reached('confirmation_client', private.client_address());
    if refusal is null then
      refusal := private.limit_reached('confirmation_network', private.client_network());
    end if;
  end if;
  if refusal is null then
    refusal := private.limit_reached('confirmation_total', 'all');
  end if;
  if refusal is not null then
    raise exception '%', refusal using errcode = 'SB429';
  end if;
  token := private.new_token();
  insert into private.confirmation_tokens (token_hash, subscription_id, expires_at, language)
  values (private.token_hash(token), subscription.id, now() + interval '3 days', queue_confirmation.language);
  insert into public.email_outbox (kind, subscription_id, recipient, payload)
  values (queue_confirmation.kind, subscription.id, subscription.email, queue_confirmation.payload || jsonb_build_object(
    'token', token,
    'unsubscribe_token', subscription.unsubscribe_token,
    'language', coalesce(queue_confirmation.language, subscription.language)));
  update public.subscriptions s set confirmation_sent_at = now() where s.id = subscription.id;
  return private.token_hash(token);
end;
$$;
comment on function private.queue_confirmation(public.subscriptions, text, jsonb, timestamptz, text) is 'Queues a confirmation email of the given kind and payload for what a form asked (none when one went out for it in the last hour); answers its token''s hash or null; past the mailbox''s, the client''s, its network''s or the site''s hourly cap raises SB429 with the cap''s code.';
revoke all on function private.queue_confirmation(public.subscriptions, text, jsonb, timestamptz, text) from public, anon, authenticated;

/*
  subscribe(email text, district_id bigint, language text) returns jsonb:
    {"ok": true, "errors": {}, "form_errors": []}   (a confirmation email is queued, or was within the hour,
                                                     or the address is already confirmed: the answer is the same,
                                                     so it tells nobody whether an address is on a list)
    {"ok": false, "errors": {"email": [{"code": "field.email_invalid"}, ...]}, "form_errors": []}
                                                    (nothing stored, nothing sent)
    {"ok": false, "errors": {}, "form_errors": [{"code": "form.no_district", "id": 9}]}
    {"ok": false, "errors": {}, "form_errors": [{"code": "limit.subscribe"}], "limited": true}   (or limit.mailbox,
                                                     limit.site: the client's limit, the mailbox's or the site's
                                                     hourly cap on confirmations; nothing stored)
  language (en, es or zh; default en) is stored on the subscription and the confirmation is written in it; another
  value is refused as a bad value of that field ({"errors": {"language": [{"code": "field.language"}]}}), nothing
  stored. Subscribing again from a page in another language, before the address is confirmed, changes the language
  of its confirmation; once it is confirmed, the language changes only when its owner confirms a new confirmation
  email written in the language asked, which says it is a change and names both languages (its payload's
  current_language); nothing changes until then, and nothing at all when the language is the same.
*/
create function public.subscribe(email text, district_id bigint, language text default 'en')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text := btrim(subscribe.email);
  problems jsonb := private.email_problems(btrim(subscribe.email));
  sub public.subscriptions;
  refusal text;
  errors jsonb := '{}'::jsonb;
begin
  if jsonb_array_length(problems) > 0 then
    errors := jsonb_build_object('email', problems);
  end if;
  if not private.is_language(subscribe.language) then
    errors := errors || jsonb_build_object('language', jsonb_build_array(jsonb_build_object('code', 'field.language')));
  end if;
  if errors <> '{}'::jsonb then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', '[]'::jsonb);
  end if;
  if subscribe.district_id is null or not exists (select from public.districts d where d.id = subscribe.district_id) then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb,
      'form_errors', jsonb_build_array(jsonb_build_object('code', 'form.no_district', 'id', subscribe.district_id)));
  end if;

  refusal := private.rate_limited('subscribe');
  if refusal is not null then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(jsonb_build_object('code', refusal)));
  end if;

  begin
    -- A confirmed address's language is its owner's to change (by confirming), not the form's.
    insert into public.subscriptions (email, district_id, language)
    values (address, subscribe.district_id, subscribe.language)
    on conflict ((lower(email)), district_id) do update
    set language = case when subscriptions.confirmed_at is not null and subscriptions.unsubscribed_at is null
                        then subscriptions.language else excluded.language end;
    -- The row lock makes concurrent subscribes of one address queue one confirmation between them.
    select s.* into sub from public.subscriptions s
    where lower(s.email) = lower(address) and s.district_id = subscribe.district_id
    for update;
    -- Past a cap this raises SB429, which undoes the subscription stored above: nothing changes.
    if sub.confirmed_at is null or sub.unsubscribed_at is not null or sub.language <> subscribe.language then
      -- A confirmed address asked for another language: the email says it is a change, from which language to
      -- which, so it never reads as a new subscription the owner did not ask for.
      perform private.queue_confirmation(sub, 'confirmation', jsonb_build_object(
        'district_id', sub.district_id,
        'district_name', private.district_name(sub.district_id))
        || case when sub.confirmed_at is not null and sub.unsubscribed_at is null
                then jsonb_build_object('current_language', sub.language) else '{}'::jsonb end,
        sub.confirmation_sent_at, subscribe.language);
    end if;
  exception when sqlstate 'SB429' then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(jsonb_build_object('code', sqlerrm)));
  end;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.subscribe(text, bigint, text) is 'Asks to subscribe an address to a district''s summaries in a language: queues a confirmation email (at most once an hour per address and district, 5 an hour per mailbox, 10 an hour per client and 40 per client network); answers {ok, errors, form_errors}.';

/*
  confirm_subscription(token text) returns jsonb: what the confirmation link's page calls.
    {"ok": true,  "status": "confirmed", "district_id": 1, "district_name": "..."}
    {"ok": false, "status": "used" | "expired" | "unknown" | "malformed", "district_id"?, "district_name"?}
  Only a valid, unused, unexpired token changes anything, and only once: it confirms the subscription, sets the
  language it was asked with, and confirms the alerts that name it (private.alerts.confirmation_token), nothing else.
  The token of an address's alerts (district null) answers, while it is within its three days (confirmed, or used
  again), the address's manage_token too: the page that confirmed links to the page that manages the alerts, the
  link the same email already holds.
*/
create function public.confirm_subscription(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  entry private.confirmation_tokens;
  district bigint;
  manage jsonb;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('ok', false, 'status', 'malformed');
  end if;
  select t.* into entry from private.confirmation_tokens t where t.token_hash = private.token_hash(token) for update;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'unknown');
  end if;
  select s.district_id, case when s.manage_token is not null and entry.expires_at >= now()
    then jsonb_build_object('manage_token', s.manage_token) else '{}'::jsonb end
  into district, manage from public.subscriptions s where s.id = entry.subscription_id;
  if entry.used_at is not null then
    return jsonb_build_object('ok', false, 'status', 'used', 'district_id', district, 'district_name', private.district_name(district)) || manage;
  end if;
  if entry.expires_at < now() then
    return jsonb_build_object('ok', false, 'status', 'expired', 'district_id', district, 'district_name', private.district_name(district));
  end if;
  update private.confirmation_tokens t set used_at = now() where t.token_hash = entry.token_hash;
  -- Summaries from before the confirmation are not owed: the first digest lists what appears after it (a confirmed
  -- subscription whose owner confirms a new language keeps its place).
  update public.subscriptions s
  set confirmed_at = case when s.confirmed_at is not null and s.unsubscribed_at is null then s.confirmed_at else now() end,
    digest_through = case when s.confirmed_at is not null and s.unsubscribed_at is null then s.digest_through else now() end,
    unsubscribed_at = null,
    language = coalesce(entry.language, s.language)
  where s.id = entry.subscription_id;
  update private.alerts a set confirmed_at = now() where a.confirmation_token = entry.token_hash and a.confirmed_at is null;
  return jsonb_build_object('ok', true, 'status', 'confirmed', 'district_id', district, 'district_name', private.district_name(district)) || manage;
end;
$$;
comment on function public.confirm_subscription(text) is 'Confirms the subscription of a confirmation link''s token (single use, three days); answers {ok, status, district_id, district_name}, and an alerts token the address''s manage_token.';

/*
  unsubscribe(token text) returns jsonb: the unsubscribe link's page and the one-click POST call it. The token of an
  address's alerts row ends every alert of the address (none is matched for an unsubscribed address).
    {"ok": true,  "status": "unsubscribed", "district_id": 1, "district_name": "..."}   (also when already unsubscribed)
    {"ok": false, "status": "unknown" | "malformed"}
*/
create function public.unsubscribe(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  sub public.subscriptions;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('ok', false, 'status', 'malformed');
  end if;
  update public.subscriptions s
  set unsubscribed_at = coalesce(s.unsubscribed_at, now())
  where s.unsubscribe_token = token
  returning s.* into sub;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'unknown');
  end if;
  -- A digest queued but not yet sent is not sent to someone who left.
  update public.email_outbox o set state = 'skipped', last_error = 'unsubscribed before it was sent'
  where o.subscription_id = sub.id and o.state = 'queued';
  return jsonb_build_object('ok', true, 'status', 'unsubscribed', 'district_id', sub.district_id, 'district_name', private.district_name(sub.district_id));
end;
$$;
comment on function public.unsubscribe(text) is 'Ends the subscription of an unsubscribe token (idempotent); answers {ok, status, district_id, district_name}.';

/*
  queue_digests() returns jsonb {"queued": n, "up_to_date": m}: one digest email per confirmed subscription whose
  district has summaries that appeared since its last digest, listing those meetings newest first, in the
  subscription's language. Queuing and moving the subscription's digest_through happen in one transaction, so a
  summary is queued for a subscriber exactly once. The rows of alerts (no district) get no digest and are not counted
  among those up to date.
  Every digest is bounded, as the alert emails are: at most 100 meetings (the newest), each summary cut to its first
  8,000 characters (the email quotes the start of it), and `more` the count of the others, which the email sends to
  the board's page; so a district that gained thousands of summaries at once makes one email of a few hundred KB.
*/
create function public.queue_digests()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  most_meetings constant integer := 100;
  summary_chars constant integer := 8000;
  queued integer;
begin
  -- One queuing at a time: two overlapping runs would otherwise both read the same digest_through.
  perform pg_advisory_xact_lock(hashtext('public.queue_digests'));
  with pending as (
    select s.id as subscription_id, a.appeared_at, m.id, m.date, m.title, m.meeting_type, m.topics, m.summary,
      row_number() over (partition by s.id order by m.date desc, m.id desc) as n
    from public.subscriptions s
    join private.summary_appearances a on a.district_id = s.district_id and a.appeared_at > s.digest_through
    join public.meetings m on m.id = a.meeting_id
    where s.confirmed_at is not null and s.unsubscribed_at is null
  ),
  due as (
    select p.subscription_id, max(p.appeared_at) as through, count(*) - least(count(*), most_meetings) as more,
      jsonb_agg(jsonb_build_object(
        'id', p.id, 'date', p.date, 'title', p.title, 'meeting_type', p.meeting_type,
        'topics', p.topics, 'summary', left(p.summary, summary_chars)
      ) order by p.date desc, p.id desc) filter (where p.n <= most_meetings) as meetings
    from pending p
    group by p.subscription_id
  ),
  moved as (
    update public.subscriptions s set digest_through = due.through from due where s.id = due.subscription_id
  ),
  inserted as (
    insert into public.email_outbox (kind, subscription_id, recipient, payload)
    select 'digest', due.subscription_id, s.email, jsonb_build_object(
      'district_id', s.district_id,
      'district_name', private.district_name(s.district_id),
      'unsubscribe_token', s.unsubscribe_token,
      'language', s.language,
      'meetings', due.meetings,
      'more', due.more)
    from due
    join public.subscriptions s on s.id = due.subscription_id
    returning 1
  )
  select count(*) into queued from inserted;
  return jsonb_build_object('queued', queued, 'up_to_date', (
    select count(*) from public.subscriptions s
    where s.confirmed_at is not null and s.unsubscribed_at is null and s.district_id is not null) - queued);
end;
$$;
comment on function public.queue_digests() is 'Queues one digest email per confirmed subscription with new summaries since its last digest; answers {queued, up_to_date}.';

/*
  claim_emails(run_id, run_host, run_pid, max_count, lease_seconds, kinds) returns the emails (of those kinds, or all)
  this run may send now: queued and due, or held by a run whose lease ran out. Each is marked sending, held by the run
  until now() + lease_seconds (the run renews that while it works), with one more attempt. SKIP LOCKED lets two senders
  run at once without claiming the same email.
*/
create function public.claim_emails(run_id uuid, run_host text, run_pid integer, max_count integer default 1,
  lease_seconds integer default 30, kinds text[] default null)
returns setof public.email_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- The run is written down before it holds anything, and only when there is something to hold: a worker that looks
  -- every second and finds nothing leaves no trace.
  if exists (select from public.email_outbox c
             where ((c.state = 'queued' and c.next_attempt_at <= now()) or (c.state = 'sending' and c.lease_until < now()))
               and (kinds is null or c.kind = any (kinds))) then
    insert into private.mail_runs (id, host, pid) values (claim_emails.run_id, left(run_host, 255), run_pid)
    on conflict (id) do update set seen_at = now(), ended_at = null;
  end if;
  return query
  update public.email_outbox o
  set state = 'sending', attempts = o.attempts + 1, lease_until = now() + make_interval(secs => lease_seconds),
    run_id = claim_emails.run_id
  where o.id in (
    select c.id from public.email_outbox c
    where ((c.state = 'queued' and c.next_attempt_at <= now()) or (c.state = 'sending' and c.lease_until < now()))
      and (kinds is null or c.kind = any (kinds))
    order by c.id
    limit least(greatest(max_count, 1), 500)
    for update skip locked
  )
  returning o.*;
end;
$$;
comment on function public.claim_emails(uuid, text, integer, integer, integer, text[]) is 'Claims due emails of the outbox for one run (marks them sending, held by the run until its lease ends); answers the rows.';

-- A run that is alive says so: its leases move on and it is seen now.
create function public.renew_mail_run(run_id uuid, lease_seconds integer default 30)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  renewed integer;
begin
  update private.mail_runs r set seen_at = now() where r.id = renew_mail_run.run_id;
  update public.email_outbox o set lease_until = now() + make_interval(secs => lease_seconds)
  where o.run_id = renew_mail_run.run_id and o.state = 'sending';
  get diagnostics renewed = row_count;
  return renewed;
end;
$$;
comment on function public.renew_mail_run(uuid, integer) is 'Renews the leases of a run that is still working; answers how many emails it holds.';

/*
  release_mail_run(run_id) returns integer: the run has ended. The emails it still holds go back to the queue, due at
  once (a run that stopped cleanly holds none; a run that was killed may have sent the one in flight, which then goes
  out a second time, with the same Message-ID). Runs that ended over a day ago and hold nothing are forgotten.
*/
create function public.release_mail_run(run_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  update public.email_outbox o
  set state = 'queued', next_attempt_at = now(), lease_until = null, run_id = null
  where o.run_id = release_mail_run.run_id and o.state = 'sending';
  get diagnostics released = row_count;
  update private.mail_runs r set ended_at = coalesce(r.ended_at, now()) where r.id = release_mail_run.run_id;
  delete from private.mail_runs r
  where r.seen_at < now() - interval '1 day' and not exists (select from public.email_outbox o where o.run_id = r.id);
  return released;
end;
$$;
comment on function public.release_mail_run(uuid) is 'Ends a run: the emails it still holds are queued again, due at once; answers how many.';

/*
  mail_leases() returns one row per run holding emails now: its id, host and process id, when it was last seen, how
  many emails (and of which kinds) it holds and when the last of its leases ends (from then another run may send them).
*/
create function public.mail_leases()
returns table (run_id uuid, host text, pid integer, seen_at timestamptz, emails integer, kinds text[], lease_until timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select o.run_id, r.host, r.pid, r.seen_at, count(*)::integer, array_agg(distinct o.kind order by o.kind), max(o.lease_until)
  from public.email_outbox o
  left join private.mail_runs r on r.id = o.run_id
  where o.state = 'sending'
  group by o.run_id, r.host, r.pid, r.seen_at
  order by max(o.lease_until)
$$;
comment on function public.mail_leases() is 'The emails being sent now, by the run holding them: where it runs, when it was last seen, until when it holds them.';

-- A sent or failed email is held by nobody.
create function public.email_sent(outbox_id bigint, message_id text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.email_outbox o
  set state = 'sent', sent_at = now(), lease_until = null, run_id = null, last_error = null, message_id = email_sent.message_id,
    -- A confirmation's token is of no further use to anyone once it has been delivered.
    payload = o.payload - 'token'
  where o.id = outbox_id and o.state = 'sending';
$$;
comment on function public.email_sent(bigint, text) is 'Marks a claimed email sent, with the SMTP server''s message id.';

/*
  email_failed(outbox_id, error, max_attempts, retry_after_seconds) returns text: the email's new state. Before its
  last attempt it is queued again after retry_after_seconds (the sender doubles that per attempt); after it, failed.
*/
create function public.email_failed(outbox_id bigint, error text, max_attempts integer, retry_after_seconds integer)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  update public.email_outbox o
  set state = case when o.attempts >= max_attempts then 'failed' else 'queued' end,
    next_attempt_at = now() + make_interval(secs => retry_after_seconds),
    lease_until = null,
    run_id = null,
    last_error = left(error, 1000)
  where o.id = outbox_id and o.state = 'sending'
  returning o.state;
$$;
comment on function public.email_failed(bigint, text, integer, integer) is 'Records a failed send: queued again for a later attempt, or failed for good after the last; answers the new state.';

revoke execute on function public.subscribe(text, bigint, text), public.confirm_subscription(text), public.unsubscribe(text) from public, anon, authenticated;
grant execute on function public.subscribe(text, bigint, text), public.confirm_subscription(text), public.unsubscribe(text) to anon, authenticated;
revoke execute on function public.queue_digests(), public.claim_emails(uuid, text, integer, integer, integer, text[]), public.renew_mail_run(uuid, integer),
  public.release_mail_run(uuid), public.mail_leases(), public.email_sent(bigint, text), public.email_failed(bigint, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.queue_digests(), public.claim_emails(uuid, text, integer, integer, integer, text[]), public.renew_mail_run(uuid, integer),
  public.release_mail_run(uuid), public.mail_leases(), public.email_sent(bigint, text), public.email_failed(bigint, text, integer, integer)
  to service_role;
revoke execute on function private.new_token(), private.token_hash(text), private.is_language(text), private.mailbox(text), private.has_summary(text),
  private.note_summary_appearance(), private.district_name(bigint) from public;
