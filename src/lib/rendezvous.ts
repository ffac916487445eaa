// Lets the snapshot's table loaders store their entries at one moment. Astro writes its whole data store to disk
// (serialising every entry of every collection) half a second after the last change; tables finishing one after
// another made it serialise the store once per table, each time larger: four times per build, which at 20,000
// districts is tens of seconds of the build's main thread.

/** One loader's place in the current round. */
export interface Participant {
  /** This participant is ready; resolves once every participant that joined the round is ready or has left. */
  ready(): Promise<void>;
  /** This participant gives up (it failed): the others no longer wait for it. Does nothing after ready(). */
  leave(): void;
}

export interface Rendezvous {
  /** Joins the current round; a round ends when everyone who joined it is ready or has left. */
  join(): Participant;
}

/**
 * A rendezvous without a fixed number of participants: whoever joined before the last one got ready is waited for.
 * No one can be left waiting for good: every participant either gets ready or leaves (loader.ts does so in a finally).
 */
export function createRendezvous(): Rendezvous {
  let joined = 0;
  let arrived = 0;
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;

  const endRoundIfComplete = () => {
    if (arrived === 0 || arrived < joined) return;
    open?.();
    joined = 0;
    arrived = 0;
    gate = undefined;
    open = undefined;
  };

  return {
    join() {
      joined++;
      let settled = false;
      return {
        ready() {
          if (settled) throw new Error('ready() after ready() or leave()');
          settled = true;
          arrived++;
          gate ??= new Promise<void>((resolve) => (open = resolve));
          const mine = gate;
          endRoundIfComplete();
          return mine;
        },
        leave() {
          if (settled) return;
          settled = true;
          joined--;
          endRoundIfComplete();
        },
      };
    },
  };
}
