// The build-time snapshot of the database: one collection per table, each row validated as it is read.
import { defineCollection } from 'astro:content';
import { tableLoader } from './lib/loader';
import { checkDistrict, districtSchema } from './lib/data/districts';
import { checkMeeting, meetingSchema } from './lib/data/meetings';
import { checkTopic, topicSchema } from './lib/data/topics';
import { checkVoting, votingSchema } from './lib/data/votings';

export const collections = {
  // Districts: one pre-rendered page each; an empty table fails the build.
  districts: defineCollection({ loader: tableLoader({ table: 'districts', check: checkDistrict, required: true }), schema: districtSchema }),
  // Board meetings with their summaries.
  meetings: defineCollection({ loader: tableLoader({ table: 'meetings', check: checkMeeting }), schema: meetingSchema }),
  // Discussion topics with their vote counts at build time.
  topics: defineCollection({ loader: tableLoader({ table: 'topics', check: checkTopic }), schema: topicSchema }),
  // Board vote records, votes already parsed into a list.
  votings: defineCollection({ loader: tableLoader({ table: 'votings', check: checkVoting }), schema: votingSchema }),
};
