-- Topic votes: the only way the public changes a topic's counts, as one atomic delta per click, limited per client
-- and topic: past the limit, HTTP 429 (PostgREST answers the PT429 code so) with the limit's code, and no change.
-- One client's vote counts once: each client's current vote on each topic is kept (under a keyed hash of the
-- client's key, never the address), and a transition is applied from that vote, whatever the request says it was.

-- The key of the hashes: random, made once, readable by no API role.
create table private.vote_key (
  only_row boolean primary key default true check (only_row),
  secret text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);
comment on table private.vote_key is 'The random secret the client keys of topic votes are hashed with (one row), so a stored hash cannot be turned back into an address by trying every address.';
insert into private.vote_key default values;

create table private.topic_client_votes (
  topic_id bigint not null references public.topics (id) on delete cascade,
  -- sha256 of the secret and private.client_address(): the same client, the same hash; no address is kept.
  client_hash bytea not null,
  vote text not null check (vote in ('none', 'up', 'down')),
  changed_at timestamptz not null default now(),
  primary key (topic_id, client_hash)
);
comment on table private.topic_client_votes is 'Each client''s current vote on each topic (its key hashed with private.vote_key): a transition is applied from it, so one client counts once.';
alter table private.topic_client_votes enable row level security;
revoke all on private.vote_key, private.topic_client_votes from public, anon, authenticated;

create function public.vote_topic(topic_id bigint, from_vote text, to_vote text)
returns table (upvotes integer, downvotes integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  refusal text;
  caller text := private.client_address();
  client bytea;
  current_vote text := from_vote;
begin
  -- The vote's transition table: none/up/down to up/down; choosing the current direction again does nothing.
  if from_vote is null or to_vote is null
     or from_vote not in ('none', 'up', 'down') or to_vote not in ('up', 'down') or from_vote = to_vote then
    raise exception 'topic.not_a_transition' using detail = jsonb_build_object('from', from_vote, 'to', to_vote)::text, errcode = '22023';
  end if;
  refusal := private.rate_limited('topic_vote', topic_id::text);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'PT429';
  end if;
  -- Through the API the transition starts from the vote this client last made (none before its first), not from
  -- what the request says: 22 flips 'up' to 'down' from a client that never voted move one vote, not 22. The row
  -- lock orders one client's concurrent votes on a topic. An operator's own connection (no client) applies it as given.
  if caller is not null and exists (select from public.topics t where t.id = topic_id) then
    client := sha256(convert_to((select k.secret from private.vote_key k) || ':' || caller, 'UTF8'));
    insert into private.topic_client_votes as c (topic_id, client_hash, vote) values (vote_topic.topic_id, client, 'none')
    on conflict on constraint topic_client_votes_pkey do nothing;
    select c.vote into current_vote from private.topic_client_votes c
    where c.topic_id = vote_topic.topic_id and c.client_hash = client
    for update;
    update private.topic_client_votes c set vote = to_vote, changed_at = now()
    where c.topic_id = vote_topic.topic_id and c.client_hash = client;
  end if;
  return query
    update public.topics t
    set upvotes = greatest(0, t.upvotes + case when current_vote = to_vote then 0 when to_vote = 'up' then 1 when current_vote = 'up' then -1 else 0 end),
        downvotes = greatest(0, t.downvotes + case when current_vote = to_vote then 0 when to_vote = 'down' then 1 when current_vote = 'down' then -1 else 0 end)
    where t.id = topic_id
    returning t.upvotes, t.downvotes;
  if not found then
    -- PT404: PostgREST answers this with HTTP 404 (P0002 would be a 500).
    raise exception 'topic.unknown' using detail = jsonb_build_object('id', topic_id)::text, errcode = 'PT404';
  end if;
end;
$$;
comment on function public.vote_topic(bigint, text, text) is 'Applies one topic vote transition atomically, from the vote this client last made, and returns the new counts.';

revoke execute on function public.vote_topic(bigint, text, text) from public, anon, authenticated;
grant execute on function public.vote_topic(bigint, text, text) to anon, authenticated;
