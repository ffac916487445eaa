-- The district search runs with its owner's rights, as the record search does (20261124000400_search_records.sql).
--
-- What changed: since 20261124000100_anonymous_limits.sql the four public tables carry a restrictive read policy (the
-- embed limit). Under row-level security, a filter that is not leakproof (ilike, like) may not be used as an index
-- condition ahead of a policy, so as anon the district search stopped using its trigram and prefix indexes: at 20,000
-- districts its answers through the API took several times its own time at the database. It reads only the
-- districts table, which anyone may read, and returns only what anyone may read; as its owner it uses the indexes
-- again. It still runs under anon's statement timeout.
alter function public.search_districts(text, text) security definer;
