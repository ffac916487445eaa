-- What the demo data's import files (supabase/demo/, loaded by `npm run import` before this file) cannot say:
-- district 1's upcoming meeting, always on the first Tuesday after the day the data is loaded, so it is always in the
-- future. (The importer loads dates as written; this one moves with the day.)
--
-- IMPORTANT: the demo data is fictional. Board members, their votes, meeting summaries, discussion topics, vote counts
-- and video links are invented for demonstration only and are never attributed to real people. Only district names,
-- states, counties and addresses are real public facts; phone numbers and enrollment figures are approximate.

insert into public.meetings (id, "districtId", date, title, topics, summary, meeting_type, "isUpcoming", youtube_link, start_time, time_zone) values
-- The next Tuesday after today (isodow: Monday 1 ... Sunday 7; on a Tuesday, a week later).
(18, 1, current_date + ((2 - extract(isodow from current_date)::int + 6) % 7 + 1), 'Regular Board Meeting', '["Budget", "Facilities Bond", "Student Mental Health"]'::jsonb,
'<p><strong>Upcoming meeting.</strong> The agenda will be posted at least 72 hours before the meeting. Expected items include:</p>
<ul>
  <li>A <em>budget update</em> on revenue and reserves.</li>
  <li>An update on facilities bond projects.</li>
  <li>A report on student wellness and counseling wait times.</li>
</ul>
<p>Open session begins at 6:00 p.m. in the board room. Community members may comment in person or submit written comments through the <a href="https://www.example.org/pausd-demo/public-comment">public comment form</a>.</p>',
'upcoming', true, null, '18:00', 'America/Los_Angeles');


-- A record's votes may be a JSON string holding the array rather than the array itself, and shows a string
-- that does not parse as no votes. The importer writes arrays, so these records keep the string forms here.
update public.votings set votes = to_jsonb('[{"name":"Maria Okafor","vote":"Yes"}, {"name":"James Lindqvist","vote":"Yes"}, {"name":"Priya Raman","vote":"Yes"}, {"name":"Daniel Whitfield","vote":"Yes"}, {"name":"Sofia Delgado-Reyes","vote":"Yes"}]'::text) where id = 4;
update public.votings set votes = to_jsonb('[{"name":"Maria Okafor","vote":"Yes"}, {"name":"James Lindqvist","vote":"Yes"}, {"name":"Priya Raman","vote":"Yes"}, {"name":"Daniel Whitfield","vote":"Yes"}, {"name":"Sofia Delgado-Reyes","vote":"Yes"}]'::text) where id = 9;
update public.votings set votes = to_jsonb('not valid json'::text) where id = 11;
update public.votings set votes = to_jsonb('[{"name":"Maria Okafor","vote":"Yes"}, {"name":"James Lindqvist","vote":"Yes"}, {"name":"Priya Raman","vote":"Yes"}, {"name":"Daniel Whitfield","vote":"Yes"}, {"name":"Sofia Delgado-Reyes","vote":"Yes"}]'::text) where id = 16;
update public.votings set votes = to_jsonb('[{"name":"Maria Okafor","vote":"Yes"}, {"name":"James Lindqvist","vote":"Yes"}, {"name":"Priya Raman","vote":"Yes"}, {"name":"Daniel Whitfield","vote":"Yes"}, {"name":"Sofia Delgado-Reyes","vote":"Yes"}]'::text) where id = 19;
update public.votings set votes = to_jsonb('[{"name":"Maria Okafor","vote":"Yes"}, {"name":"James Lindqvist","vote":"Yes"}, {"name":"Priya Raman","vote":"Yes"}, {"name":"Daniel Whitfield","vote":"Yes"}, {"name":"Sofia Delgado-Reyes","vote":"Yes"}]'::text) where id = 25;

-- Move the meetings' identity sequence past the explicit id above, so new rows get fresh ids.
select setval(pg_get_serial_sequence('public.meetings', 'id'), (select max(id) from public.meetings));
