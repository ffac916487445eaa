// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// A static site: every page is pre-rendered from a database snapshot taken at build time.
export default defineConfig({
  output: 'static',
  // Tests and benchmarks build into their own folder so they never overwrite the site `npm start` serves.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  integrations: [react()],
  build: { format: 'file' },
  trailingSlash: 'never',
});
