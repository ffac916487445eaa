// Builds the site against a Supabase (embedded or hosted) and serves the built files, as child processes.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './config.mjs';

const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

/**
 * Runs a command to completion, inheriting the console; rejects with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, cwd?: string }} [options]
 * @returns {Promise<void>}
 */
export function run(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${code ?? signal}`))));
  });
}

/**
 * The environment a build needs to read the given stack.
 * @param {{ apiUrl: string, anonKey: string }} stack
 */
export function siteEnv(stack) {
  return { PUBLIC_SUPABASE_URL: stack.apiUrl, PUBLIC_SUPABASE_ANON_KEY: stack.anonKey };
}

/**
 * Builds the site into dist/ (or outDir) against the stack.
 * @param {{ apiUrl: string, anonKey: string }} stack
 * @param {{ outDir?: string }} [options]
 */
export function buildSite(stack, { outDir } = {}) {
  const env = { ...siteEnv(stack), ASTRO_TELEMETRY_DISABLED: '1', ...(outDir ? { ASTRO_OUT_DIR: outDir } : {}) };
  return run(process.execPath, [astroBin, 'build'], { env });
}

/**
 * Serves the built site with `astro preview` on 127.0.0.1:port; resolves once it answers, with a stop().
 * @param {number} port
 * @param {{ outDir?: string, host?: string }} [options]
 */
export async function previewSite(port, { outDir, host = '127.0.0.1' } = {}) {
  const args = [astroBin, 'preview', '--port', String(port), '--host', host];
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(outDir ? { ASTRO_OUT_DIR: outDir } : {}) };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
    process.removeListener('exit', kill);
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  }));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`astro preview exited with ${child.exitCode}`);
    try {
      await fetch(`http://${host}:${port}/`);
      return { url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`, stop, child };
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  await stop();
  throw new Error(`astro preview did not answer on port ${port}`);
}
