// Which Node this project runs on: the `engines.node` range of package.json, read by the guard that every command
// loads first (scripts/lib/requireNode.mjs) and by the install's warning. Plain JavaScript with no dependency and
// nothing newer than Node 12 understands, because it must run on the old Node it turns away, before `npm install`
// has put any package in place (so not the `semver` package: this reads only the `^x.y.z` and `>=x.y.z` terms,
// joined by `||`, that the range is written in).
import { readFileSync } from 'node:fs';

/**
 * @param {string} version
 * @returns {number[]}
 */
const parts = (version) =>
  version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);

/**
 * -1, 0 or 1 as version a is older than, the same as or newer than b.
 * @param {number[]} a
 * @param {number[]} b
 */
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0) ? -1 : 1;
  return 0;
}

/**
 * Whether a Node version satisfies a range such as '^22.22.2 || ^24.15.0 || >=26.0.0' (`^x.y.z`: the same major, at
 * least x.y.z; `>=x.y.z`: at least x.y.z). A term of another form never matches.
 * @param {string} version
 * @param {string} range
 */
export function nodeSatisfies(version, range) {
  const found = parts(version);
  return range.split('||').some((term) => {
    const match = /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(term);
    if (!match) return false;
    const least = parts(match[2]);
    if (compare(found, least) < 0) return false;
    return match[1] === '>=' || found[0] === least[0];
  });
}

/**
 * The range in words: '^22.22.2 || ^24.15.0 || >=26.0.0' reads '22.22.2+, 24.15+ or 26+'.
 * @param {string} range
 */
export function rangeInWords(range) {
  const terms = range.split('||').map((term) => {
    const [major, minor, patch] = term.replace(/[\^>=\s]/g, '').split('.');
    if (patch && patch !== '0') return `${major}.${minor}.${patch}+`;
    return minor && minor !== '0' ? `${major}.${minor}+` : `${major}+`;
  });
  return terms.length > 1 ? `${terms.slice(0, -1).join(', ')} or ${terms.at(-1)}` : terms[0];
}

/** package.json's `engines.node`. */
export function requiredRange() {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(manifest.engines.node);
}

/**
 * The one line a command prints on a Node outside the range, or null on a Node within it.
 * @param {string} version e.g. process.version
 * @param {string} range
 */
export function nodeProblem(version, range) {
  if (nodeSatisfies(version, range)) return null;
  return `This project needs Node ${rangeInWords(range)}; this is Node ${version.replace(/^v/, '')}. Install a newer Node (.nvmrc names one) and run the command again.`;
}
