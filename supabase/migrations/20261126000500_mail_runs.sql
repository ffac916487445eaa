-- Mail runs: every email a sender holds is held by a run (one `npm run mail:send`, one pass of the local worker or of
-- the hosted scheduled function) that says it is alive while it works. A run that is gone gives its emails back at
-- once when another run can tell (the same machine, its process no longer there), or when its short lease ends
-- otherwise, instead of after a two-minute timer; and a run can say which emails other runs hold and until when.
--
-- What changes for a hosted database that ran the earlier migrations:
--   * email_outbox gains run_id (the run holding a 'sending' email, null otherwise).
--   * claim_emails() now takes the run (id, host, process id) first; the old claim_emails(integer, integer, text[]) is
--     dropped, so a sender of an older release stops at its first claim instead of holding emails no run can free.
--   * New, for the sender (service_role only): renew_mail_run(), release_mail_run() and mail_leases().

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

alter table public.email_outbox add column run_id uuid references private.mail_runs (id) on delete set null;
comment on column public.email_outbox.run_id is 'The run holding this email while it is being sent (state sending); null otherwise.';
create index email_outbox_run_idx on public.email_outbox (run_id) where run_id is not null;

drop function public.claim_emails(integer, integer, text[]);

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
  Emails claimed before runs were recorded have a null run.
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
create or replace function public.email_sent(outbox_id bigint, message_id text)
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

create or replace function public.email_failed(outbox_id bigint, error text, max_attempts integer, retry_after_seconds integer)
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

revoke execute on function public.claim_emails(uuid, text, integer, integer, integer, text[]), public.renew_mail_run(uuid, integer),
  public.release_mail_run(uuid), public.mail_leases() from public, anon, authenticated;
grant execute on function public.claim_emails(uuid, text, integer, integer, integer, text[]), public.renew_mail_run(uuid, integer),
  public.release_mail_run(uuid), public.mail_leases() to service_role;

notify pgrst, 'reload schema';
