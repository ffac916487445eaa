// The build-time snapshot of the database (one collection per table, each row validated as it is read),
// and the About page's content that operators edit in src/content/.
//
// The tables' loaders keep their rows in snapshot files beside Astro's store, not in it (src/lib/node/snapshot-cache.ts):
// their collections stay empty, and pages read the rows with districtSnapshots() (src/lib/node/snapshot.ts), never with
// getCollection(). Each row's type is its data module's (src/lib/data/).
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'zod';
import { tableLoader } from './lib/node/loader';
import { summaryJob } from './lib/meetings';
import { descriptionJob } from './lib/topics';
import { checkDistrict, COLUMNS as DISTRICT_COLUMNS } from './lib/data/districts';
import { checkMeeting, COLUMNS as MEETING_COLUMNS } from './lib/data/meetings';
import { checkTopic, COLUMNS as TOPIC_COLUMNS } from './lib/data/topics';
import { checkVoting, COLUMNS as VOTING_COLUMNS } from './lib/data/votings';

// A team member's social link; an empty address is a placeholder that is not shown.
const socialLinkSchema = z.object({ network: z.string().min(1), url: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]) });

export const collections = {
  // Districts: one pre-rendered page each; an empty table fails the build.
  districts: defineCollection({ loader: tableLoader({ table: 'districts', columns: DISTRICT_COLUMNS, check: checkDistrict, district: (row) => row.id, required: true }) }),
  // Board meetings. Their summaries are sanitised once here (time stamps linked when there is a video) and kept as
  // summaryHtml; the source text is not kept.
  meetings: defineCollection({
    loader: tableLoader({ table: 'meetings', columns: MEETING_COLUMNS, check: checkMeeting, district: (row) => row.districtId, richText: (meeting) => ({ summaryHtml: summaryJob(meeting) }), replaces: ['summary'] }),
  }),
  // Discussion topics with their vote counts at build time; descriptions sanitised once here, kept as descriptionHtml
  // (and only so).
  topics: defineCollection({
    loader: tableLoader({ table: 'topics', columns: TOPIC_COLUMNS, check: checkTopic, district: (row) => row.districtId, richText: (topic) => ({ descriptionHtml: descriptionJob(topic) }), replaces: ['description'] }),
  }),
  // Board vote records, votes already parsed into a list.
  votings: defineCollection({ loader: tableLoader({ table: 'votings', columns: VOTING_COLUMNS, check: checkVoting, district: (row) => row.districtId }) }),
  // About page, 'How It Works': the four numbered steps of the pipeline.
  steps: defineCollection({
    loader: file('src/content/steps.json'),
    schema: z.object({
      id: z.number().int().min(1).max(4),
      title: z.string().min(1),
      shortDesc: z.string().min(1),
      desc: z.string().min(1),
      icon: z.enum(['documents', 'sparkles', 'trending', 'chart']),
    }),
  }),
  // About page, 'Meet The Team': the people behind the site.
  team: defineCollection({
    loader: file('src/content/team.json'),
    schema: z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      role: z.string().min(1),
      photo: z.string().startsWith('/'),
      social: z.array(socialLinkSchema).default([]),
    }),
  }),
};
