// Reading Postgres plans (EXPLAIN's text format) in benchmarks: which indexes a plan uses, which tables it reads whole.

/**
 * The index names a plan reads (those named *_idx, and primary keys, *_pkey), sorted.
 * @param {string} plan
 * @returns {string[]}
 */
export function usedIndexes(plan) {
  return [...new Set(plan.match(/\b\w+_(?:idx|pkey)\b/g) ?? [])].sort();
}

/**
 * Which of `tables` a plan reads whole: each table named by a 'Seq Scan on' line (schema-qualified or not).
 * @param {string} plan
 * @param {string[]} tables
 * @returns {string[]}
 */
export function sequentialScans(plan, tables) {
  const scanned = [...plan.matchAll(/Seq Scan on (?:\w+\.)?(\w+)/g)].map((match) => match[1]);
  return tables.filter((table) => scanned.includes(table));
}
