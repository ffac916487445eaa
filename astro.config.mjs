// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { loadEnv } from 'vite';

// The Supabase origin the browser talks to: the only outside address every page may connect to.
const env = { ...loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), 'PUBLIC_'), ...process.env };
const supabaseOrigin = env.PUBLIC_SUPABASE_URL ? new URL(env.PUBLIC_SUPABASE_URL).origin : '';

// A static site: every page is pre-rendered from a database snapshot taken at build time.
export default defineConfig({
  output: 'static',
  // Tests and benchmarks build into their own folder so they never overwrite the site `npm start` serves.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  integrations: [react()],
  build: { format: 'file' },
  trailingSlash: 'never',
  security: {
    // A meta Content-Security-Policy with hashes of Astro's own scripts and styles. Pages that need more
    // (the YouTube embed on district pages, Google's sign-in on /login) add it with Astro.csp themselves.
    csp: {
      directives: [
        "default-src 'self'",
        `connect-src 'self' ${supabaseOrigin}`.trim(),
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
