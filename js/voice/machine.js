// The voice's state machine (issue 32 §3): where the microphone is, whether the agent's audio
// plays, and the snapshot an app renders. voice.js does the effects (the microphone, the worklet,
// the transport) and moves the machine; it acts on the microphone's state, never on the snapshot's
// `state`, which shows 'playing' over the others. The playback worklet keeps its own states on the
// audio thread (voice-worklet.js), and says when it starts and stops playing.

/** The microphone's states. */
export const IDLE = 'idle';
export const REQUESTING = 'requesting';
export const RECORDING = 'recording';
export const ERROR = 'error';

/**
 * state → event → next state; the events are named as the app's listeners hear them. An event
 * missing from a state's row changes nothing: stop() when idle, start() when recording (one
 * microphone). Leaving `requesting` ends its start() attempt, so a stop() or close() while the
 * microphone or the socket is awaited ends it at once.
 */
const NEXT = {
  [IDLE]: { requesting: REQUESTING, error: ERROR },
  [REQUESTING]: { recording: RECORDING, error: ERROR, stopped: IDLE, closed: IDLE },
  [RECORDING]: { error: ERROR, stopped: IDLE, closed: IDLE },
  [ERROR]: { requesting: REQUESTING, error: ERROR },
};

/**
 * A start() in progress: `promise` is what every start() call returns until it ends; `over` is
 * true once the machine left `requesting`, and `ended` resolves when stop() or close() ended it.
 * @typedef {{over: boolean, promise: Promise<void>, settle: (value: any) => void, ended: Promise<void>, end: () => void}} Attempt
 * @typedef {'idle' | 'requesting' | 'recording' | 'error'} Mic
 * @typedef {{state: Mic | 'playing', level: number, muted: boolean, recording: boolean, error: any, underruns: number}} Snapshot
 */

export function voiceMachine() {
  const listeners = new Set();
  const machine = {
    mic: /** @type {Mic} */ (IDLE),
    playing: false,
    /** the start() in progress, while `requesting` */
    attempt: /** @type {Attempt | null} */ (null),
    snapshot: /** @type {Snapshot} */ ({ state: IDLE, level: 0, muted: false, recording: false, error: null, underruns: 0 }),

    /** Moves the microphone by `event` (with `change` to the snapshot); false when it does not apply now. */
    fire(event, change) {
      /** @type {Mic | undefined} */
      const next = NEXT[machine.mic][event];
      if (next === undefined) return false;
      const attempt = machine.attempt;
      machine.attempt = null;
      if (attempt !== null) {
        attempt.over = true;
        // Ended by stop() or close(): start() resolves now; it started or failed: it says so itself.
        if (next === IDLE) attempt.end();
      }
      if (next === REQUESTING) {
        const fresh = /** @type {Attempt} */ ({ over: false });
        fresh.promise = new Promise((resolve) => (fresh.settle = resolve));
        fresh.ended = new Promise((resolve) => (fresh.end = resolve));
        machine.attempt = fresh;
      }
      machine.mic = next;
      machine.publish(event, { ...change, recording: next === RECORDING, level: 0 });
      return true;
    },

    /** A new snapshot and its event, to every listener. */
    publish(type, change) {
      /** @type {Snapshot} */
      const snapshot = { ...machine.snapshot, ...change };
      snapshot.state = machine.playing ? 'playing' : machine.mic;
      machine.snapshot = snapshot;
      for (const listener of listeners) listener({ type, voice: snapshot });
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return machine;
}
