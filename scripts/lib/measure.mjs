// Runs a command and measures its wall time and peak memory (GNU time when present, else wall time only).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * CPU seconds a process and every child it has waited for used (from /proc: its own time, its reaped children's,
 * and its live children's): a server's work, including that of the connections that came and went. Null off Linux.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function processTreeCpu(pid) {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return null;
  /** @param {string} id */
  const fields = (id) => readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
  const own = fields(String(pid));
  // Fields from the state on (3): utime 14, stime 15, cutime 16, cstime 17 are at 11 to 14; the parent (4) at 1.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = fields(entry);
      if (Number(child[1]) === pid) ticks += Number(child[11]) + Number(child[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/**
 * The resident memory, in MB, of a process and all its descendants together (from /proc); null off Linux. A build
 * that runs as several processes (scripts/build.mjs) holds their sum, which no single process's peak shows.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function processTreeRssMB(pid) {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return null;
  /** @type {Map<number, number[]>} */
  const children = new Map();
  /** @type {Map<number, number>} */
  const rss = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields from the state on (3): the parent (4) at 1, the resident pages (24) at 21.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      rss.set(Number(entry), Number(fields[21]));
    } catch {
      // gone meanwhile
    }
  }
  let pages = 0;
  for (const queue = [pid]; queue.length > 0;) {
    const at = /** @type {number} */ (queue.pop());
    pages += rss.get(at) ?? 0;
    queue.push(...(children.get(at) ?? []));
  }
  return (pages * 4096) / 1024 / 1024;
}

/**
 * Runs command with args and env; resolves { seconds, peakMB, cpuSeconds } (peakMB: the most resident memory the
 * command's processes held at once, from GNU time and from sampling them all every half second; cpuSeconds: user and
 * system time of them all, with GNU time) or rejects when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, cwd?: string, quiet?: boolean }} [options]
 * @returns {Promise<{ seconds: number, peakMB: number | null, cpuSeconds: number | null }>}
 */
export function measure(command, args, { env = {}, cwd, quiet = true } = {}) {
  const timeFile = join(tmpdir(), `measure-${process.pid}-${Date.now()}.txt`);
  const gnuTime = existsSync('/usr/bin/time');
  const [cmd, argv] = gnuTime
    ? ['/usr/bin/time', ['-f', '%e %M %U %S', '-o', timeFile, command, ...args]]
    : [command, args];
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit',
    });
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += d));
    let treePeakMB = 0;
    const sampler = setInterval(() => (treePeakMB = Math.max(treePeakMB, processTreeRssMB(child.pid) ?? 0)), 500);
    child.on('exit', (code) => {
      clearInterval(sampler);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      /** @type {number | null} */
      let peakMB = treePeakMB || null;
      let cpuSeconds = null;
      if (gnuTime && existsSync(timeFile)) {
        const [, kb, user, system] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).slice(-4);
        peakMB = Math.max(peakMB ?? 0, Number(kb) / 1024);
        cpuSeconds = Number(user) + Number(system);
        rmSync(timeFile, { force: true });
      }
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${stderr.slice(-4000)}`));
      else resolve({ seconds, peakMB, cpuSeconds });
    });
  });
}

/**
 * Median of a list of numbers.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The p-th percentile (0-100), nearest rank.
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Prints rows as an aligned text table.
 * @param {Record<string, unknown>[]} rows
 */
export function printTable(rows) {
  const widths = Object.keys(rows[0]).map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  /** @param {unknown[]} cells */
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(Object.keys(rows[0])));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(Object.values(row)));
}
