-- Every anonymous path bounded, in the database so it holds on hosted Supabase as well as locally:
--   * a statement timeout for the API's roles (PostgREST applies a role's settings when it switches to it);
--   * limits on anonymous writes, counted per client address (and per subject, such as a topic), per recipient
--     mailbox or for the whole site, which the operator can change in private.rate_limits;
--   * a client is known by the address the platform saw, from the header the platform sets (cf-connecting-ip on
--     hosted Supabase, which Cloudflare in front of every project overwrites; the local gateway sets it from the
--     connection), never from the first x-forwarded-for entry, which the client writes itself; an IPv6 client by its
--     /64 (one home or phone is given a whole /64, and can rotate within it at will); a request through the API
--     without that header counts as one client, 'unknown', rather than as none;
--   * a read of the public tables embeds at most two related tables and names each column once.
--
-- A refusal is answered as a stable code and its parameters, never as words: the site words each code in the
-- page's language from its catalogues (src/i18n/messages/), the code's message key named in src/i18n/serverText.ts.
-- A function that raises puts the code in the message and the parameters, as a JSON object, in DETAIL, which
-- PostgREST answers as {"message": "search.too_long", "details": "{\"max\": 200, \"length\": 250}"}; a form
-- function answers {code, ...parameters} objects in its errors and form_errors. (The importer's errors and a write
-- to a read-only view, which only the service role meets, are sentences for the operator.)

-- Supabase's own defaults, 3 s and 8 s, set here so a project that changed them is bounded too.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
-- PostgREST reads role settings when it loads its schema cache.
notify pgrst, 'reload config';

create table private.trusted_client_header (
  only_row boolean primary key default true check (only_row),
  header text not null check (header = lower(header) and header <> 'x-forwarded-for')
);
comment on table private.trusted_client_header is 'The request header that names the client''s address, set by the platform in front of the API and never by the client (one row; operators change it if their platform differs).';
insert into private.trusted_client_header (header) values ('cf-connecting-ip');

/*
  private.client_key(given) returns text: the key a client is counted under, from the address the platform gave.
    '203.0.113.7'          an IPv4 client (an IPv4-mapped IPv6 address is read as IPv4)
    '2001:db8:1:2::/64'    an IPv6 client: its /64
    'unknown'              no readable address: all such requests share one limit
*/
create function private.client_key(given text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  address inet;
begin
  if given is null or btrim(given) = '' then
    return 'unknown';
  end if;
  begin
    address := btrim(given)::inet;
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
comment on function private.client_key(text) is 'The key a client is counted under, from the address the platform gave: IPv4 as it is, IPv6 by its /64, ''unknown'' when unreadable.';

/*
  private.client_address() returns text: the key a client's writes are counted under (private.client_key of the
  trusted header), or null outside the API (an operator's own connection): no limit applies. Through the API without
  the header, 'unknown'.
*/
create function private.client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select case when nullif(current_setting('request.headers', true), '') is null then null
              else private.client_key(current_setting('request.headers', true)::json ->> (select t.header from private.trusted_client_header t)) end
$$;
comment on function private.client_address() is 'The client''s address from the platform''s trusted header (IPv6 by its /64), ''unknown'' without one, null outside the API.';

/*
  private.client_network() returns text: the network a client's address belongs to, for limits that a few addresses
  side by side must not multiply: an IPv4 client's /24 ('203.0.113.0/24'), an IPv6 client's /64 (its key already),
  'unknown' as it is, null outside the API.
*/
create function private.client_network()
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when key is null or key = 'unknown' or key like '%/%' then key
    else network(set_masklen(key::inet, 24))::text
  end
  from (select private.client_address() as key) as client
$$;
comment on function private.client_network() is 'The client''s network: its IPv4 /24 or IPv6 /64, ''unknown'' without an address, null outside the API.';

create table private.rate_limits (
  action text primary key,
  max_count integer not null check (max_count > 0),
  per interval not null check (per > interval '0'),
  -- The refusal past the limit, as the site words it: a code of the catalogues' errors.limit messages.
  code text not null check (code ~ '^limit\.[a-z_]+$')
);
comment on table private.rate_limits is 'Limits on anonymous writes per client address (and per subject, such as a topic), and on the feeds'' requests per client, with the code of the refusal past each; operators change max_count and per.';
-- Per client: topic votes (per topic), stored agenda votes, subscriptions and alerts. Confirmation emails follow who
-- asks for them and who gets them: per client, per client network (an IPv4 /24, an IPv6 /64) and per recipient
-- mailbox across all districts (aliases folded, private.mailbox), so no one can mail-bomb a stranger through the
-- subscribe box, one district or one alias at a time, and no few clients can spend a budget everyone shares. The
-- site-wide figure is an operator's alarm far above normal use, not a budget.
insert into private.rate_limits (action, max_count, per, code) values
  ('topic_vote', 20, interval '10 minutes', 'limit.topic_votes'),
  ('agenda_vote', 20, interval '1 hour', 'limit.forms'),
  ('subscribe', 20, interval '1 hour', 'limit.subscribe'),
  ('confirmation_mailbox', 5, interval '1 hour', 'limit.mailbox'),
  ('confirmation_client', 10, interval '1 hour', 'limit.confirmations'),
  ('confirmation_network', 40, interval '1 hour', 'limit.confirmations'),
  ('confirmation_total', 20000, interval '1 hour', 'limit.site'),
  ('alert', 20, interval '1 hour', 'limit.alerts'),
  -- The feeds' requests per client, counted by the feed server for each reader (public.count_feed_request): a feed
  -- reader asks once an hour or so.
  ('feed', 60, interval '1 minute', 'limit.feeds');

create table private.rate_events (
  action text not null,
  client text not null,
  subject text not null default '',
  at timestamptz not null default now()
);
create index rate_events_key_idx on private.rate_events (action, client, subject, at);
comment on table private.rate_events is 'One row per anonymous write counted against a limit; rows older than the longest window are deleted as new ones come.';

/*
  private.limit_reached(action, key, subject) returns the limit's code when `key` (a client, a mailbox, 'all') has
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
    return rule.code;
  end if;
  insert into private.rate_events (action, client, subject) values (limit_reached.action, key, limit_reached.subject);
  delete from private.rate_events e
  where e.action = limit_reached.action and e.client = key and e.subject = limit_reached.subject and e.at <= now() - rule.per;
  return null;
end;
$$;
comment on function private.limit_reached(text, text, text) is 'The limit''s code when the key reached it, else null after counting one more.';

/*
  private.rate_limited(action, subject) returns the limit's code when this client has reached it (nothing is
  counted then), or null after counting this write. Writes from outside the API (no client address) are not limited.
  One call at the top of a write function, after its input was found valid:
    if private.rate_limited('subscribe') is not null then ... refuse ... end if;
*/
create function private.rate_limited(action text, subject text default '')
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
comment on function private.rate_limited(text, text) is 'The limit''s code when the client reached it, else null after counting the write.';
revoke all on function private.limit_reached(text, text, text), private.client_key(text), private.client_address(), private.client_network(), private.rate_limited(text, text) from public;

-- Nested embeds. A request can ask PostgREST to embed related tables in each other
-- (votings?select=*,districts(*,votings(*,districts(...)))), and each level multiplies the rows: six levels on the
-- demo data ran for over a minute, returned 265 MB, and twenty of them held every connection of the API. The
-- statement timeout ends each after 3 s; this refuses them at once, before they cost anything. Each embedded table is
-- one 'LEFT JOIN LATERAL' (or 'INNER JOIN LATERAL') in the one statement PostgREST sends; its function calls use
-- ', LATERAL' without JOIN, and values are sent apart, as parameters, so a visitor's text never counts. The site
-- embeds nothing; two are left for other readers of the open API.
create function private.embeds_within_limit()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  query text := upper(coalesce(current_query(), ''));
  levels integer := (length(query) - length(replace(query, 'JOIN LATERAL', ''))) / length('JOIN LATERAL');
begin
  if levels > 2 then
    raise exception 'api.embeds' using detail = jsonb_build_object('levels', levels, 'max', 2)::text, errcode = 'PT400';
  end if;
  return true;
end;
$$;
comment on function private.embeds_within_limit() is 'Refuses a statement with more than two levels of embedded tables (LATERAL joins); used by the read policies of the public tables.';
revoke all on function private.embeds_within_limit() from public;
grant execute on function private.embeds_within_limit() to anon, authenticated;

-- A read names each column at most once. PostgREST lets a request select a column under many names
-- (meetings?select=a:summary,b:summary,...): a 629-byte request with 50 aliases of summary answered 54 MB and left
-- PostgREST holding 706 MB. With each column named once, a read answers at most its rows (1,000 at most) of the
-- table's own columns, and embeds are held to two (above).
--
-- PostgREST reads a table in one statement whose select lists (the table's own, and one per embedded table) each run
-- from 'SELECT ' to the next ' FROM "schema".'; a column there is written "schema"."table"."column" or
-- "alias"."column", with any cast or JSON path after it. Aliases are quoted identifiers with their quotes doubled, so
-- a visitor's alias can neither end a list early nor read as a column. A list that names one column twice (under two
-- names, or with two casts or JSON paths) is refused at once with a 400 and its code.
create function private.select_within_limit()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  list text[];
  twice text;
begin
  for list in select regexp_matches(coalesce(current_query(), ''), 'SELECT (.*?) FROM "[^"]+"\.', 'g') loop
    select c[1] into twice
    from regexp_matches(list[1], '((?:"(?:[^"]|"")+"\.)+"(?:[^"]|"")+")', 'g') as c
    group by c[1]
    having count(*) > 1
    limit 1;
    if twice is not null then
      raise exception 'api.column_twice'
        using detail = jsonb_build_object('column', regexp_replace(twice, '^.*\."((?:[^"]|"")+)"$', '\1'))::text, errcode = 'PT400';
    end if;
  end loop;
  return true;
end;
$$;
comment on function private.select_within_limit() is 'Refuses a statement whose select list names one column twice (aliases of a large column multiply the answer); used by the read policies of the public tables.';
revoke all on function private.select_within_limit() from public;
grant execute on function private.select_within_limit() to anon, authenticated;

-- Restrictive: these hold in addition to the policies that let anyone read, and the view district_pages
-- (security_invoker) reads through them too. (select ...) runs the check once per statement, not once per row.
create policy "Embeds at most two levels deep" on public.districts as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Embeds at most two levels deep" on public.meetings as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Embeds at most two levels deep" on public.topics as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Embeds at most two levels deep" on public.votings as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Selects each column once" on public.districts as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
create policy "Selects each column once" on public.meetings as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
create policy "Selects each column once" on public.topics as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
create policy "Selects each column once" on public.votings as restrictive for select to anon, authenticated using ((select private.select_within_limit()));
