// The command line of every script that takes options: read with node:util's parseArgs (`--name value` and
// `--name=value` alike), `--help` (or `-h`) prints the script's usage and exits 0, and anything it does not know (an
// unknown option, a missing value, a positional too many, a count that is not a whole number) is refused in one line
// on stderr with exit code 2, before the script starts anything.
import { parseArgs } from 'node:util';

/**
 * @typedef {{ type: 'string', default?: string } | { type: 'boolean', default?: boolean }} OptionSpec
 * @typedef {{ usage: string, options?: Record<string, OptionSpec>, positionals?: number }} CommandSpec
 * @typedef {{ kind: 'help', text: string }
 *   | { kind: 'refused', message: string }
 *   | { kind: 'read', values: Record<string, string | boolean | undefined>, positionals: string[] }} CommandLine
 */

/**
 * Reads `args` (the arguments after the script's name) as `spec` describes them; writes and exits nothing.
 * @param {string[]} args
 * @param {CommandSpec} spec
 * @returns {CommandLine}
 */
export function readCommandLine(args, spec) {
  const most = spec.positionals ?? 0;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { ...spec.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: most > 0,
      strict: true,
    });
    if (values.help) return { kind: 'help', text: spec.usage };
    if (positionals.length > most)
      return { kind: 'refused', message: `Unexpected argument '${positionals[most]}': it takes at most ${most}.` };
    return { kind: 'read', values, positionals };
  } catch (error) {
    // parseArgs words its refusals on one line ("Unknown option '--x'. To specify a positional argument starting with
    // a '-', place it at the end of the command after '--', …", or without positionals "Unknown option '--x'"): its first
    // sentence, ended with a full stop, is the line.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'refused', message: `${message.split(/(?<=\.) /)[0].replace(/\.$/, '')}.` };
  }
}

/**
 * A whole number of at least `min` written in `text`, or null.
 * @param {string} text
 * @param {number} [min]
 */
export function wholeNumber(text, min = 0) {
  if (!/^\d+$/.test(text.replaceAll('_', ''))) return null;
  const value = Number(text.replaceAll('_', ''));
  return Number.isSafeInteger(value) && value >= min ? value : null;
}

/**
 * Ends the script with a one-line refusal (exit code 2).
 * @param {string} message
 * @returns {never}
 */
export function refuse(message) {
  console.error(`${message} (--help lists what it takes)`);
  process.exit(2);
}

/**
 * The script's command line, read as `spec` describes it: prints the usage and exits 0 on --help, refuses in one line
 * and exits 2 on anything it does not know.
 * @param {CommandSpec} spec
 */
export function commandLine(spec, args = process.argv.slice(2)) {
  const read = readCommandLine(args, spec);
  if (read.kind === 'help') {
    console.log(read.text);
    process.exit(0);
  }
  if (read.kind === 'refused') refuse(read.message);
  return read;
}

/**
 * `text` (an option's or a positional's value) as a whole number of at least `min`; refuses the run when it is not.
 * @param {string | boolean | undefined} text
 * @param {string} name how the usage names it ('--years', 'N')
 * @param {number} [min]
 */
export function wholeNumberOf(text, name, min = 0) {
  const value = typeof text === 'string' ? wholeNumber(text, min) : null;
  if (value === null) refuse(`${name} must be a whole number of at least ${min}; got '${text}'.`);
  return value;
}
