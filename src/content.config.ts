// The build-time snapshot of the database (one entry per district page, src/district/build/loader.ts) and the About
// page's content that operators edit in src/content/.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'zod';
import { districtPagesLoader } from './district/build/loader';

// A team member's social link; an empty address is a placeholder that is not shown.
const socialLinkSchema = z.object({
  network: z.string().min(1),
  url: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]),
});
// A step's words in Spanish and in Chinese (Simplified), beside the English: every language is required, so a step
// added in English alone fails the build instead of showing English on a translated page.
const stepWordsSchema = z.object({ title: z.string().min(1), shortDesc: z.string().min(1), desc: z.string().min(1) });
const stepTranslationsSchema = z.object({ es: stepWordsSchema, zh: stepWordsSchema });
// A team member's role in Spanish and Chinese.
const roleTranslationsSchema = z.object({
  es: z.object({ role: z.string().min(1) }),
  zh: z.object({ role: z.string().min(1) }),
});

export const collections = {
  // District pages: one entry per district, its key the page's digest; the page itself is read from its file when
  // rendered (readBuiltPage). A database without districts fails the build.
  // `npm run check` generates the types with CHECK_TYPES_ONLY=1 (scripts/check.mjs): then nothing is read, the store keeps
  // what the last build read, and a type check needs no database.
  districtPages: defineCollection({
    loader:
      process.env.CHECK_TYPES_ONLY === '1'
        ? { name: 'district-pages-not-read', load: async () => {} }
        : districtPagesLoader(),
  }),
  // About page, 'How It Works': the four numbered steps of the pipeline.
  steps: defineCollection({
    loader: file('src/content/steps.json'),
    schema: z.object({
      id: z.number().int().min(1).max(4),
      title: z.string().min(1),
      shortDesc: z.string().min(1),
      desc: z.string().min(1),
      icon: z.enum(['documents', 'sparkles', 'trending', 'chart']),
      translations: stepTranslationsSchema,
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
      translations: roleTranslationsSchema,
    }),
  }),
};
