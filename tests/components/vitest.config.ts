// @ts-check
// The build-time components (static SVG and tables), rendered through Astro's container API with Astro's own Vite
// setup, which the plain unit project does not load. Run: npx vitest run --config tests/components/vitest.config.ts
import { getViteConfig } from 'astro/config';

export default getViteConfig(
  /** @type {import('vite').UserConfig} */ ({ test: { name: 'components', include: ['src/**/*.components.test.ts'], sequence: { groupOrder: 0 } } }),
  // Not the site's astro.config.mjs: rendering a component needs none of its integrations or build-time checks.
  { configFile: false, logLevel: 'error' },
);
