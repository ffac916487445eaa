-- Limits one attacker cannot walk around by changing addresses or aliases:
--   * a client is known by the address the platform saw, from the header the platform sets (cf-connecting-ip on
--     hosted Supabase, which Cloudflare in front of every project overwrites; the local gateway sets it from the
--     connection), never from the first x-forwarded-for entry, which the client writes itself;
--   * an IPv6 client is known by its /64 (one home or phone is given a whole /64, and can rotate within it at will);
--   * a request through the API without that header counts as one client, 'unknown', rather than as none;
--   * confirmation emails are capped per recipient mailbox across all districts (5 an hour; aliases folded:
--     upper case, '+tag', and the dots of a Gmail address) and in total (200 an hour), so no one can mail-bomb a
--     stranger through the subscribe box, one district or one alias at a time.
--
-- What changes for a hosted database: private.client_address() reads the header named in
-- private.trusted_client_header (cf-connecting-ip); subscribe() keeps its arguments and its answer, and may now answer
-- {ok: false, limited: true, form_errors: [...]} when the mailbox or the site has had its confirmations for the hour.

create table private.trusted_client_header (
  only_row boolean primary key default true check (only_row),
  header text not null check (header = lower(header) and header <> 'x-forwarded-for')
);
comment on table private.trusted_client_header is 'The request header that names the client''s address, set by the platform in front of the API and never by the client (one row; operators change it if their platform differs).';
insert into private.trusted_client_header (header) values ('cf-connecting-ip');

/*
  private.client_address() returns text: the key a client's writes are counted under.
    null                   outside the API (an operator's own connection): no limit applies
    '203.0.113.7'          an IPv4 client (an IPv4-mapped IPv6 address is read as IPv4)
    '2001:db8:1:2::/64'    an IPv6 client: its /64
    'unknown'              through the API, without a readable address in the trusted header: all such requests share
                           one limit
*/
create or replace function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  given text;
  address inet;
begin
  if headers is null then
    return null;
  end if;
  given := btrim(headers::json ->> (select t.header from private.trusted_client_header t));
  if given is null or given = '' then
    return 'unknown';
  end if;
  begin
    address := given::inet;
  exception when others then
    return 'unknown';
  end;
  if family(address) = 6 and host(address) ~ '^::ffff:[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' then
    return substr(host(address), 8);
  end if;
  if family(address) = 6 then
    return network(set_masklen(address, 64))::text;
  end if;
  return host(address);
end;
$$;
comment on function private.client_address() is 'The client''s address from the platform''s trusted header (IPv6 by its /64), ''unknown'' without one, null outside the API.';

/*
  private.limit_reached(action, key, subject) returns the limit's message when `key` (a client, a mailbox, 'all') has
  reached the limit of `action` in private.rate_limits (nothing is counted then), or null after counting this one.
*/
create function private.limit_reached(action text, key text, subject text default '')
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  rule private.rate_limits;
  used integer;
begin
  select r.* into rule from private.rate_limits r where r.action = limit_reached.action;
  if not found then
    return null;
  end if;
  -- Concurrent writes under one key and subject are counted one after another.
  perform pg_advisory_xact_lock(hashtext('rate:' || limit_reached.action || ':' || key || ':' || limit_reached.subject));
  select count(*) into used from private.rate_events e
  where e.action = limit_reached.action and e.client = key and e.subject = limit_reached.subject and e.at > now() - rule.per;
  if used >= rule.max_count then
    return rule.message;
  end if;
  insert into private.rate_events (action, client, subject) values (limit_reached.action, key, limit_reached.subject);
  delete from private.rate_events e
  where e.action = limit_reached.action and e.client = key and e.subject = limit_reached.subject and e.at <= now() - rule.per;
  return null;
end;
$$;
comment on function private.limit_reached(text, text, text) is 'The limit''s message when the key reached it, else null after counting one more.';

-- The per-client limits keep their callers (vote_topic, submit_agenda_vote, subscribe) and count under the new key.
create or replace function private.rate_limited(action text, subject text default '')
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller text := private.client_address();
begin
  if caller is null then
    return null;
  end if;
  return private.limit_reached(rate_limited.action, caller, rate_limited.subject);
end;
$$;

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

insert into private.rate_limits (action, max_count, per, message) values
  ('confirmation_mailbox', 5, interval '1 hour',
   'This address has been sent several confirmation emails in the last hour. Please open one of them, or try again in an hour.'),
  ('confirmation_total', 200, interval '1 hour',
   'The site has sent as many confirmation emails as it may this hour. Please try again later.');

/*
  subscribe(email text, district_id bigint) returns jsonb, as in 20261124000300_email_subscriptions.sql, plus: a
  confirmation email is queued only within the mailbox's and the site's hourly caps; past either, nothing is stored
  and the answer is {"ok": false, "errors": {}, "form_errors": ["..."], "limited": true}.
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

  begin
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
      -- Counted whoever asks, from whatever address: the caps protect the mailbox and the site's sending.
      refusal := private.limit_reached('confirmation_mailbox', private.mailbox(address));
      if refusal is null then
        refusal := private.limit_reached('confirmation_total', 'all');
      end if;
      if refusal is not null then
        -- Undoes the subscription stored above and the mailbox's count: nothing changes.
        raise exception '%', refusal using errcode = 'SB429';
      end if;
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
  exception when sqlstate 'SB429' then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(sqlerrm));
  end;
  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.subscribe(text, bigint) is 'Asks to subscribe an address to a district''s summaries: queues a confirmation email (at most once an hour per address and district, 5 an hour per mailbox, 200 an hour in all); answers {ok, errors, form_errors}.';

revoke all on function private.limit_reached(text, text, text), private.mailbox(text), private.client_address(), private.rate_limited(text, text) from public;
