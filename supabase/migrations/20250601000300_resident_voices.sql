-- Resident voices: the agenda votes of the /votingPAUSD form and the email subscriptions of the district
-- page, kept in our own tables. The public reaches them only through two functions that validate every
-- field; nobody outside the database can read, change or delete what residents sent.

create schema if not exists private;
-- Helpers used by the functions below; the API does not expose this schema and the public may not use it.
revoke all on schema private from public;
comment on schema private is 'Helpers for the public functions; not exposed through the API.';

create table public.agenda_votes (
  id bigint generated always as identity primary key,
  -- Made by the browser once per form fill: a double click, a retry or a resend stores one row.
  idempotency_key uuid not null unique,
  meeting_date date not null check (meeting_date = date '2025-06-17'),
  budget text not null check (budget in ('support', 'oppose', 'neutral')),
  lcap text not null check (lcap in ('support', 'oppose', 'neutral')),
  esri_update text not null check (esri_update in ('support', 'oppose', 'neutral')),
  summer_projects text not null check (summer_projects in ('support', 'oppose', 'neutral')),
  hoover_playground text not null check (hoover_playground in ('support', 'oppose', 'neutral')),
  email text check (length(email) <= 254),
  comments text check (length(comments) <= 2000),
  created_at timestamptz not null default now()
);
comment on table public.agenda_votes is 'Residents'' positions on the 17 June 2025 board agenda items, one row per form submission (written only by submit_agenda_vote).';

create table public.subscriptions (
  id bigint generated always as identity primary key,
  email text not null check (length(email) between 3 and 254),
  district_id bigint not null references public.districts (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.subscriptions is 'Email addresses that asked for a district''s meeting summaries, one row per address and district (written only by subscribe).';
-- One row per address and district, whatever the letter case of the address.
create unique index subscriptions_email_district_key on public.subscriptions (lower(email), district_id);
create index subscriptions_district_idx on public.subscriptions (district_id);

-- Row level security with no policy at all: anon and authenticated see and change nothing. Only the two
-- security definer functions below (owned by the migration's role) and the operators' own connection write or read.
alter table public.agenda_votes enable row level security;
alter table public.subscriptions enable row level security;
-- Supabase grants every privilege on new tables to anon and authenticated by default: take them all back.
revoke all on public.agenda_votes, public.subscriptions from public, anon, authenticated;

-- What is wrong with an email address, as messages that read after the word 'Email' ('Email must be ...').
-- An empty list means the address is fine. The rule is the browser's own type=email rule, plus a dot in the
-- domain (mail cannot reach 'name@localhost') and the lengths mail servers accept.
create function private.email_problems(address text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case
    when address is null or btrim(address) = '' then array['is required']
    when length(address) > 254 then array['must be at most 254 characters']
    when split_part(address, '@', 1) <> '' and length(split_part(address, '@', 1)) > 64
      then array['must have at most 64 characters before the @']
    when address !~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
      then array['must be a valid address such as name@example.org']
    else array[]::text[]
  end
$$;
comment on function private.email_problems(text) is 'The problems of an email address (empty when it is fine), worded to follow the word Email.';
revoke all on function private.email_problems(text) from public;

/*
  submit_agenda_vote(jsonb) returns jsonb: the only way an agenda vote gets in.

  Its one parameter is unnamed, so PostgREST passes the whole request body (POST /rest/v1/rpc/submit_agenda_vote)
  as the submission and the function itself names any unknown field, instead of PostgREST ignoring it:
  {
    "idempotency_key": "<uuid made by the browser once per form fill>",
    "meeting_date": "2025-06-17",
    "budget" | "lcap" | "esri_update" | "summer_projects" | "hoover_playground": "support" | "oppose" | "neutral",
    "email": "<optional address>" | null,
    "comments": "<optional plain text, at most 2000 characters>" | null
  }

  Every answer has the same shape (HTTP 200):
    {"ok": true,  "errors": {}, "form_errors": []}
    {"ok": false, "errors": {"<field>": ["<message>", ...], ...}, "form_errors": ["<message>", ...]}
  Field messages read after the field's label ('Email' + 'must be a valid address such as name@example.org').
  form_errors hold what no visible field can fix: unknown fields, a missing or malformed idempotency key,
  a submission that is not a JSON object. Nothing is stored unless ok is true. The same idempotency key
  sent again (a double click, a retry, a resend) answers ok and stores nothing more: the first one counts.
*/
create function public.submit_agenda_vote(jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  submission alias for $1;
  items constant text[] := array['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'];
  known constant text[] := items || array['idempotency_key', 'meeting_date', 'email', 'comments'];
  errors jsonb := '{}'::jsonb;
  form_errors text[] := array[]::text[];
  item text;
  field_value jsonb;
  extra_fields text[];
  submission_key uuid;
  email_address text;
  comment_text text;
begin
  if submission is null or jsonb_typeof(submission) <> 'object' then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', jsonb_build_array('The submission must be a JSON object of the form''s fields.'));
  end if;

  select array_agg(k order by k) into extra_fields from jsonb_object_keys(submission) as k where k <> all (known);
  if extra_fields is not null then
    form_errors := form_errors || ('Unknown fields: ' || array_to_string(extra_fields, ', ') || '.');
  end if;

  field_value := submission -> 'idempotency_key';
  if field_value is null or jsonb_typeof(field_value) <> 'string'
     or (field_value #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    form_errors := form_errors || 'The submission needs an idempotency_key made once per form fill (a UUID); reload the page and try again.'::text;
  else
    submission_key := (field_value #>> '{}')::uuid;
  end if;

  field_value := submission -> 'meeting_date';
  if field_value is null or jsonb_typeof(field_value) = 'null' then
    errors := errors || jsonb_build_object('meeting_date', jsonb_build_array('is required'));
  elsif jsonb_typeof(field_value) <> 'string' or (field_value #>> '{}') <> '2025-06-17' then
    errors := errors || jsonb_build_object('meeting_date', jsonb_build_array('must be 2025-06-17, the board meeting this form is for'));
  end if;

  foreach item in array items loop
    field_value := submission -> item;
    if field_value is null or jsonb_typeof(field_value) = 'null' or (jsonb_typeof(field_value) = 'string' and (field_value #>> '{}') = '') then
      errors := errors || jsonb_build_object(item, jsonb_build_array('needs a choice: Support, Oppose or Neutral / Unsure'));
    elsif jsonb_typeof(field_value) <> 'string' or (field_value #>> '{}') not in ('support', 'oppose', 'neutral') then
      errors := errors || jsonb_build_object(item, jsonb_build_array('must be one of support, oppose or neutral'));
    end if;
  end loop;

  -- Optional fields: absent, null or blank mean not given.
  field_value := submission -> 'email';
  if field_value is not null and jsonb_typeof(field_value) <> 'null' then
    if jsonb_typeof(field_value) <> 'string' then
      errors := errors || jsonb_build_object('email', jsonb_build_array('must be text'));
    else
      email_address := nullif(btrim(field_value #>> '{}'), '');
      if email_address is not null and cardinality(private.email_problems(email_address)) > 0 then
        errors := errors || jsonb_build_object('email', to_jsonb(private.email_problems(email_address)));
      end if;
    end if;
  end if;

  field_value := submission -> 'comments';
  if field_value is not null and jsonb_typeof(field_value) <> 'null' then
    if jsonb_typeof(field_value) <> 'string' then
      errors := errors || jsonb_build_object('comments', jsonb_build_array('must be text'));
    else
      comment_text := nullif(btrim(field_value #>> '{}'), '');
      if length(comment_text) > 2000 then
        errors := errors || jsonb_build_object('comments', jsonb_build_array('must be at most 2000 characters'));
      -- Plain text only: markup would be a trap for whoever shows the comments later.
      elsif comment_text ~ '<[A-Za-z!/?]' then
        errors := errors || jsonb_build_object('comments', jsonb_build_array('must be plain text, without HTML tags'));
      end if;
    end if;
  end if;

  if errors <> '{}'::jsonb or cardinality(form_errors) > 0 then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', to_jsonb(form_errors));
  end if;

  insert into public.agenda_votes (idempotency_key, meeting_date, budget, lcap, esri_update, summer_projects, hoover_playground, email, comments)
  values (
    submission_key, date '2025-06-17',
    submission ->> 'budget', submission ->> 'lcap', submission ->> 'esri_update',
    submission ->> 'summer_projects', submission ->> 'hoover_playground',
    email_address, comment_text
  )
  on conflict (idempotency_key) do nothing;

  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.submit_agenda_vote(jsonb) is 'Validates and stores one agenda vote submission; answers {ok, errors, form_errors}.';

revoke execute on function public.submit_agenda_vote(jsonb) from public, anon, authenticated;
grant execute on function public.submit_agenda_vote(jsonb) to anon, authenticated;

/*
  subscribe(email text, district_id bigint) returns jsonb: the only way an address gets on a district's list.
  Answers the same shape as submit_agenda_vote:
    {"ok": true, "errors": {}, "form_errors": []}   (also when the address was already subscribed)
    {"ok": false, "errors": {"email": ["..."]}, "form_errors": ["..."]}   (nothing stored)
*/
create function public.subscribe(email text, district_id bigint)
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
begin
  if cardinality(problems) > 0 then
    return jsonb_build_object('ok', false, 'errors', jsonb_build_object('email', to_jsonb(problems)), 'form_errors', '[]'::jsonb);
  end if;
  if subscribe.district_id is null or not exists (select from public.districts d where d.id = subscribe.district_id) then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb,
      'form_errors', jsonb_build_array('There is no district ' || coalesce(subscribe.district_id::text, '(none given)') || ' to subscribe to.'));
  end if;

  insert into public.subscriptions (email, district_id)
  values (address, subscribe.district_id)
  on conflict ((lower(email)), district_id) do nothing;

  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function public.subscribe(text, bigint) is 'Subscribes an email address to a district''s summaries (once per address and district); answers {ok, errors, form_errors}.';

revoke execute on function public.subscribe(text, bigint) from public, anon, authenticated;
grant execute on function public.subscribe(text, bigint) to anon, authenticated;
