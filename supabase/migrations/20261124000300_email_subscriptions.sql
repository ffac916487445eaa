-- Summaries that arrive. A subscription is confirmed by email before anything else is sent to it (double opt-in),
-- every email goes through an outbox with its state (so a killed run never sends one twice or loses one), and each
-- subscription has a permanent unsubscribe token for the one-click link (RFC 8058).
--
-- What changes for a hosted database that ran the earlier migrations:
--   * subscriptions gains confirmed_at, unsubscribed_at, confirmation_sent_at, digest_through and unsubscribe_token.
--     Addresses stored before this migration never confirmed: they stay unconfirmed and get nothing until they
--     subscribe again (which sends them a confirmation).
--   * subscribe() keeps its arguments and its {ok, errors, form_errors} answer; it now queues a confirmation email.
--   * New: confirm_subscription(token) and unsubscribe(token) for anon; queue_digests(), claim_emails(),
--     email_sent() and email_failed() for the sender (service_role only); the table email_outbox.

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

alter table public.subscriptions
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz,
  -- When the last confirmation email was queued: a repeated subscribe re-sends it at most once an hour.
  add column confirmation_sent_at timestamptz,
  -- Summaries that appeared up to this moment were sent (or predate the confirmation).
  add column digest_through timestamptz,
  add column unsubscribe_token text not null default private.new_token();
create unique index subscriptions_unsubscribe_token_key on public.subscriptions (unsubscribe_token);
comment on column public.subscriptions.confirmed_at is 'When the address owner opened the confirmation link; null until then (nothing but confirmations is sent).';
comment on column public.subscriptions.unsubscribed_at is 'When the subscriber unsubscribed; null while subscribed.';
comment on column public.subscriptions.digest_through is 'Summaries that appeared up to this time have been sent to this subscription (or predate its confirmation).';
comment on column public.subscriptions.unsubscribe_token is 'The permanent token of the unsubscribe link and the List-Unsubscribe header.';

create table private.confirmation_tokens (
  token_hash bytea primary key,
  subscription_id bigint not null references public.subscriptions (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.confirmation_tokens is 'Single-use confirmation tokens (their sha256 only), each valid for three days.';
create index confirmation_tokens_subscription_idx on private.confirmation_tokens (subscription_id);

-- When each meeting's summary first appeared, which decides what goes into a digest. Kept beside the meetings
-- table rather than in it, so the public row (and what the build reads) stays as it was.
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
create trigger meetings_summary_appeared
after insert or update of summary on public.meetings
for each row execute function private.note_summary_appearance();

-- Summaries that exist now have already "appeared": nobody subscribed yet is owed them.
insert into private.summary_appearances (meeting_id, district_id, appeared_at)
select m.id, m."districtId", now() from public.meetings m where private.has_summary(m.summary);

create table public.email_outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('confirmation', 'digest')),
  subscription_id bigint references public.subscriptions (id) on delete set null,
  recipient text not null check (length(recipient) <= 254),
  -- Everything the email says, decided when it was queued (see src/lib/mail/emails.ts for how it is written).
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
  sent_at timestamptz
);
comment on table public.email_outbox is 'Every email the site sends, with its state: written by subscribe() and queue_digests(), sent by npm run mail:send.';
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where state in ('queued', 'sending');
alter table public.email_outbox enable row level security;
revoke all on public.email_outbox from public, anon, authenticated;

-- The district as emails name it.
create function private.district_name(district bigint)
returns text
language sql
stable
set search_path = ''
as $$ select d.name from public.districts d where d.id = district $$;

/*
  subscribe(email text, district_id bigint) returns jsonb, as before:
    {"ok": true, "errors": {}, "form_errors": []}   (a confirmation email is queued, or was within the hour,
                                                     or the address is already confirmed: the answer is the same,
                                                     so it tells nobody whether an address is on a list)
    {"ok": false, "errors": {"email": ["..."]}, "form_errors": ["..."]}   (nothing stored, nothing sent)
    {"ok": false, "errors": {}, "form_errors": ["Too many ..."], "limited": true}   (the client's limit, see
                                                     20261124000100_anonymous_limits.sql; nothing stored)
*/
create or replace function public.subscribe(email text, district_id bigint)
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
  token text := private.new_token();
  refusal text;
begin
  if cardinality(problems) > 0 then
    return jsonb_build_object('ok', false, 'errors', jsonb_build_object('email', to_jsonb(problems)), 'form_errors', '[]'::jsonb);
  end if;
  if subscribe.district_id is null or not exists (select from public.districts d where d.id = subscribe.district_id) then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb,
      'form_errors', jsonb_build_array('There is no district ' || coalesce(subscribe.district_id::text, '(none given)') || ' to subscribe to.'));
  end if;

  refusal := private.rate_limited('subscribe');
  if refusal is not null then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(refusal));
  end if;

  insert into public.subscriptions (email, district_id)
  values (address, subscribe.district_id)
  on conflict ((lower(email)), district_id) do nothing;
  -- The row lock makes concurrent subscribes of one address queue one confirmation between them.
  select s.* into sub from public.subscriptions s
  where lower(s.email) = lower(address) and s.district_id = subscribe.district_id
  for update;

  if sub.confirmed_at is not null and sub.unsubscribed_at is null then
    return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
  end if;
  if sub.confirmation_sent_at is null or sub.confirmation_sent_at < now() - interval '1 hour' then
    insert into private.confirmation_tokens (token_hash, subscription_id, expires_at)
    values (private.token_hash(token), sub.id, now() + interval '3 days');
    insert into public.email_outbox (kind, subscription_id, recipient, payload)
    values ('confirmation', sub.id, sub.email, jsonb_build_object(
      'token', token,
      'district_id', sub.district_id,
      'district_name', private.district_name(sub.district_id),
      'unsubscribe_token', sub.unsubscribe_token));
    update public.subscriptions s set confirmation_sent_at = now() where s.id = sub.id;
  end if;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.subscribe(text, bigint) is 'Asks to subscribe an address to a district''s summaries: queues a confirmation email (at most once an hour per address and district); answers {ok, errors, form_errors}.';

/*
  confirm_subscription(token text) returns jsonb: what the confirmation link's page calls.
    {"ok": true,  "status": "confirmed", "district_id": 1, "district_name": "..."}
    {"ok": false, "status": "used" | "expired" | "unknown" | "malformed", "district_id"?, "district_name"?}
  Only a valid, unused, unexpired token changes anything, and only once.
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
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('ok', false, 'status', 'malformed');
  end if;
  select t.* into entry from private.confirmation_tokens t where t.token_hash = private.token_hash(token) for update;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'unknown');
  end if;
  select s.district_id into district from public.subscriptions s where s.id = entry.subscription_id;
  if entry.used_at is not null then
    return jsonb_build_object('ok', false, 'status', 'used', 'district_id', district, 'district_name', private.district_name(district));
  end if;
  if entry.expires_at < now() then
    return jsonb_build_object('ok', false, 'status', 'expired', 'district_id', district, 'district_name', private.district_name(district));
  end if;
  update private.confirmation_tokens t set used_at = now() where t.token_hash = entry.token_hash;
  -- Summaries from before the confirmation are not owed: the first digest lists what appears after it.
  update public.subscriptions s
  set confirmed_at = now(), unsubscribed_at = null, digest_through = now()
  where s.id = entry.subscription_id;
  return jsonb_build_object('ok', true, 'status', 'confirmed', 'district_id', district, 'district_name', private.district_name(district));
end;
$$;
comment on function public.confirm_subscription(text) is 'Confirms the subscription of a confirmation link''s token (single use, three days); answers {ok, status, district_id, district_name}.';

/*
  unsubscribe(token text) returns jsonb: the unsubscribe link's page and the one-click POST call it.
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
  queue_digests() returns jsonb {"queued": n, "up_to_date": m}: one digest email per confirmed subscription whose district has summaries that
  appeared since its last digest, listing those meetings newest first. Queuing and moving the subscription's
  digest_through happen in one transaction, so a summary is queued for a subscriber exactly once.
*/
create function public.queue_digests()
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
    select count(*) from public.subscriptions s where s.confirmed_at is not null and s.unsubscribed_at is null) - queued);
end;
$$;
comment on function public.queue_digests() is 'Queues one digest email per confirmed subscription with new summaries since its last digest; answers {queued, up_to_date}.';

/*
  claim_emails(max_count, lease_seconds, kinds) returns the emails (of those kinds, or all) this sender may send now:
  queued and due, or claimed by a sender whose lease ran out. Each is marked sending with a new lease and one more attempt. SKIP LOCKED lets two
  senders run at once without claiming the same email.
*/
create function public.claim_emails(max_count integer default 1, lease_seconds integer default 120, kinds text[] default null)
returns setof public.email_outbox
language sql
volatile
security definer
set search_path = ''
as $$
  update public.email_outbox o
  set state = 'sending', attempts = o.attempts + 1, lease_until = now() + make_interval(secs => lease_seconds)
  where o.id in (
    select c.id from public.email_outbox c
    where ((c.state = 'queued' and c.next_attempt_at <= now()) or (c.state = 'sending' and c.lease_until < now()))
      and (kinds is null or c.kind = any (kinds))
    order by c.id
    limit least(greatest(max_count, 1), 500)
    for update skip locked
  )
  returning o.*;
$$;
comment on function public.claim_emails(integer, integer, text[]) is 'Claims due emails of the outbox for one sender (marks them sending with a lease); answers the rows.';

create function public.email_sent(outbox_id bigint, message_id text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.email_outbox o
  set state = 'sent', sent_at = now(), lease_until = null, last_error = null, message_id = email_sent.message_id,
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
    last_error = left(error, 1000)
  where o.id = outbox_id and o.state = 'sending'
  returning o.state;
$$;
comment on function public.email_failed(bigint, text, integer, integer) is 'Records a failed send: queued again for a later attempt, or failed for good after the last; answers the new state.';

revoke execute on function public.confirm_subscription(text), public.unsubscribe(text) from public, anon, authenticated;
grant execute on function public.confirm_subscription(text), public.unsubscribe(text) to anon, authenticated;
revoke execute on function public.queue_digests(), public.claim_emails(integer, integer, text[]), public.email_sent(bigint, text),
  public.email_failed(bigint, text, integer, integer) from public, anon, authenticated;
grant execute on function public.queue_digests(), public.claim_emails(integer, integer, text[]), public.email_sent(bigint, text),
  public.email_failed(bigint, text, integer, integer) to service_role;
grant select, update on public.email_outbox to service_role;
revoke execute on function private.new_token(), private.token_hash(text), private.has_summary(text),
  private.note_summary_appearance(), private.district_name(bigint) from public;
