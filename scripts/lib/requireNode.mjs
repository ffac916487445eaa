// Loaded before every command (`node --import ./scripts/lib/requireNode.mjs …` in package.json), so an older Node stops
// with one line naming the Node it needs, before it tries to load a TypeScript module it cannot read. With --warn
// (the install's preinstall step) it warns and lets the install go on.
import { nodeProblem, requiredRange } from './nodeVersion.mjs';

const problem = nodeProblem(process.version, requiredRange());
if (problem && process.argv.includes('--warn')) {
  console.warn(`warning: ${problem}`);
} else if (problem) {
  console.error(problem);
  process.exit(1);
}
