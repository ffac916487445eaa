import { describe, expect, it } from 'vitest';
import { createRendezvous, type Participant } from '../../src/lib/rendezvous';

/** Which of the given promises have settled by the time the pending microtasks have run. */
async function settled(promises: Promise<void>[]): Promise<boolean[]> {
  const state = promises.map(() => false);
  promises.forEach((p, i) => void p.then(() => (state[i] = true)));
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('createRendezvous: the tables store their entries at one moment', () => {
  it.each([
    // steps: each letter joins (J), gets ready (R) or leaves (L); expected: which ready() calls have resolved at the end
    ['one table alone is never kept waiting', 'Ja Ra', [true]],
    ['the first ready waits for the second', 'Ja Jb Ra', [false]],
    ['both go once the last is ready', 'Ja Jb Ra Rb', [true, true]],
    ['four tables, the last ready releases them all', 'Ja Jb Jc Jd Rc Ra Rd Rb', [true, true, true, true]],
    ['a table that fails (leaves) is not waited for', 'Ja Jb Ra Lb', [true]],
    ['one still missing keeps the others waiting', 'Ja Jb Jc Ra Lb', [false]],
    ['leaving after ready changes nothing', 'Ja Jb Ra La', [false]],
    ['a table joining after the round ended starts a new round', 'Ja Ra Jb Rb', [true, true]],
  ])('%s', async (_label, steps, expected) => {
    const rendezvous = createRendezvous();
    const participants = new Map<string, Participant>();
    const ready: Promise<void>[] = [];
    for (const step of steps.split(' ')) {
      const [action, name] = [step[0], step.slice(1)];
      if (action === 'J') participants.set(name, rendezvous.join());
      if (action === 'R') ready.push(participants.get(name)!.ready());
      if (action === 'L') participants.get(name)!.leave();
    }
    expect(await settled(ready)).toEqual(expected);
  });

  it('refuses a second ready() from the same table', () => {
    const me = createRendezvous().join();
    void me.ready();
    expect(() => me.ready()).toThrow(/ready\(\) after/);
  });
});
