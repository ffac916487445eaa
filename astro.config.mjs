// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import netlify from '@astrojs/netlify';
import { loadEnv } from 'vite';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR } from './src/district/build/keptPages.ts';
import { keptOutputs } from './src/district/build/keptOutputs.ts';
import { inlineScripts } from './src/lib/node/inlineScript.ts';
import { buildMemory } from './src/lib/node/buildMemory.ts';
import { languageAlternates } from './src/lib/sitemapLanguages.ts';
import { BUILD_SHARD, districtOfOutput, makesListings, shardSitemapBase } from './src/district/build/shard.ts';
import { onDemandSearch } from './src/lib/node/onDemandSearch.ts';
import { islandMessages } from './src/i18n/islandMessages.ts';
import { ALERT_ISLAND_CATALOGUES } from './src/alerts/build/alertMessages.ts';

// The Supabase origin the browser talks to: the only outside address every page may connect to.
const env = { ...loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), 'PUBLIC_'), ...process.env };
const supabaseOrigin = env.PUBLIC_SUPABASE_URL ? new URL(env.PUBLIC_SUPABASE_URL).origin : '';

// The anon key is published in every page. A secret key put there by mistake (the service_role JWT, or a new-style
// sb_secret_ key) would hand anyone full access to the database: stop the build instead.
/**
 * @param {string | undefined} key
 * @returns {string | null}
 */
function secretKeyRole(key) {
  if (!key) return null;
  if (key.startsWith('sb_secret_')) return 'secret';
  try {
    const role = JSON.parse(Buffer.from(key.split('.')[1] ?? '', 'base64url').toString('utf8')).role;
    return typeof role === 'string' && role !== 'anon' ? role : null;
  } catch {
    return null;
  }
}
const secretRole = secretKeyRole(env.PUBLIC_SUPABASE_ANON_KEY);
if (secretRole) {
  throw new Error(
    `PUBLIC_SUPABASE_ANON_KEY holds a ${secretRole} key, which every page would publish. Set it to the project's anon (public) key; the build stops here so the last good site stays published.`,
  );
}

// The sitemap's language alternates, gathered from the pages it lists (its filter sees every page before it writes).
const alternates = languageAlternates();

// A static site: every page is pre-rendered from a database snapshot taken at build time, but one. The district search
// at /search (src/pages/[...lang]/_search.astro) is rendered on demand, so the form sent without script lists what the
// database finds: the Netlify adapter makes it a Netlify function (src/lib/node/onDemandSearch.ts), which the local
// server calls too. In a build split into shards, only the first has the route and the adapter.
const listings = makesListings(BUILD_SHARD);
// Netlify sets DEPLOY_ID in its builds, and the adapter would then add ?dpl=<deploy> to every page's script and style
// addresses (its skew protection, for server code that changes with each deploy): every built page would differ
// from the last deploy's, a nightly build could keep none, and Netlify would take every file again. The built site
// never had it; the bundles' names carry their content hashes.
delete process.env.DEPLOY_ID;
export default defineConfig({
  output: 'static',
  // Images are made at build time, as before: no image CDN. No sessions: the search page keeps nothing of a reader.
  // `astro dev` stays plain Astro (no emulated Netlify features): the search page renders there as any page does.
  adapter: listings ? netlify({ imageCDN: false, devFeatures: false }) : undefined,
  session: false,
  // Tests and benchmarks build into their own folder so they never overwrite the site `npm start` serves.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // The snapshot and the pages of the previous build are kept here (a benchmark gives each of its builds its own).
  cacheDir: CACHE_DIR,
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  // English at today's addresses, Spanish under /es/ and Chinese (Simplified) under /zh/ (src/i18n/locales.ts). Every
  // page route lives under src/pages/[...lang]/ and makes its path in each language; no redirect by browser language.
  i18n: {
    locales: ['en', 'es', 'zh'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  // renderToString instead of React's web stream: no island suspends, and the stream's overhead is paid on every
  // district page at build (`npm run bench:build` shows it).
  integrations: [
    react({ experimentalDisableStreaming: true }),
    onDemandSearch({ withRoute: listings }),
    // The outputs of the last build whose cacheKey is unchanged are linked into the output folder before Astro renders,
    // not copied one by one by Astro (src/district/build/keptOutputs.ts).
    keptOutputs(),
    // Memory a long build no longer uses goes back to the system as the build runs (src/lib/node/buildMemory.ts).
    buildMemory(),
    // A sitemap index of every page for search engines (robots.txt names it), each page with its other languages as
    // hreflang alternates. The 404 pages are no pages to index. The alternates come from src/lib/sitemapLanguages.ts:
    // the plugin's own i18n option takes time that grows with the square of the pages (minutes at 100,000 pages).
    // In a build split into shards (src/district/build/shard.ts), each shard's sitemap lists the pages that shard
    // alone makes (the first: the site's own pages and its districts'; the others: their districts'), under a name of
    // its own; scripts/build.mjs joins them in one sitemap index.
    sitemap({
      filenameBase: shardSitemapBase(BUILD_SHARD),
      filter: (page) => {
        const listed =
          !/\/404(\.html)?$/.test(page) &&
          (makesListings(BUILD_SHARD) || districtOfOutput(new URL(page).pathname) !== null);
        if (listed) alternates.add(page);
        return listed;
      },
      serialize: (item) => ({ ...item, links: alternates.links(item.url) }),
    }),
    {
      // client:demand="event": an island that hydrates when the window receives that event (src/directives/demand.ts).
      name: 'client-demand-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'demand',
            entrypoint: fileURLToPath(new URL('./src/directives/demand.ts', import.meta.url)),
          });
        },
      },
    },
  ],
  build: {
    format: 'file',
    // Four pages in flight: each page waits for its file to be written and its CSP hashes, and one page at a time
    // left the build idle during those waits (a CPU profile of `npm run bench:build -- 2000` shows it).
    concurrency: 4,
  },
  experimental: {
    // A nightly rebuild renders only the district pages whose snapshot changed (their getStaticPaths cacheKey);
    // the others are kept from the previous build, as long as no code, dependency or configuration changed.
    incrementalBuild: true,
  },
  trailingSlash: 'never',
  // `import code from './x.ts?inline-script'`: x bundled into one minified classic script, for an inline <script>
  // (the district page's board script, src/district/browser/boardScript.ts). `virtual:island-messages/alert-form`:
  // the messages the alert form shows, bundled with its island rather than written into every page that has one.
  vite: { plugins: [inlineScripts(), islandMessages(ALERT_ISLAND_CATALOGUES)] },
  security: {
    // A meta Content-Security-Policy with hashes of Astro's own scripts and styles. Pages that need more
    // (the YouTube embed on district pages, Google's sign-in on /login) add it with Astro.csp themselves.
    csp: {
      directives: [
        "default-src 'self'",
        /** @type {`connect-src ${string}`} */ (`connect-src 'self' ${supabaseOrigin}`.trim()),
        "img-src 'self'",
        "media-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
