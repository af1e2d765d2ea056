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
/** @type {Record<Mic, Partial<Record<MicEvent, Mic>>>} */
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
 */
/** The microphone's state. @typedef {'idle' | 'requesting' | 'recording' | 'error'} Mic */
/** What moves the microphone. @typedef {'requesting' | 'recording' | 'stopped' | 'closed' | 'error'} MicEvent */

/**
 * Where the voice is: the microphone's state, or `'playing'` while the agent's audio plays.
 * @typedef {Mic | 'playing'} AdkVoiceState
 */

/**
 * The voice's state as an app renders it (the fields; an app gets them read-only).
 * @typedef {object} AdkVoiceSnapshotFields
 * @property {AdkVoiceState} state
 * @property {number} level Input level (the loudest 128-sample RMS of the last 120 ms, 0..1), for a meter; updated about 8 times a second.
 * @property {boolean} muted
 * @property {boolean} recording The microphone streams.
 * @property {import('./errors.js').AdkVoiceError | null} error
 * @property {number} underruns Playback underruns so far (the jitter buffer ran dry mid-answer).
 */

/**
 * The voice's state as one immutable object (a new one on each change).
 * @typedef {Readonly<AdkVoiceSnapshotFields>} AdkVoiceSnapshot
 */

/**
 * What changed: a microphone event, or one of the audio's.
 * @typedef {'change' | 'requesting' | 'recording' | 'stopped' | 'level' | 'playing' | 'drained' | 'flushed'
 *   | 'barge-in' | 'interrupt' | 'muted' | 'error' | 'closed'} AdkVoiceEventType
 */

/**
 * What a listener hears: the event, and the snapshot after it.
 * @typedef {object} AdkVoiceEvent
 * @property {AdkVoiceEventType} type
 * @property {AdkVoiceSnapshot} voice
 */

/** @typedef {ReturnType<typeof voiceMachine>} VoiceMachine */

/** The machine of one voice. */
export function voiceMachine() {
  /** @type {Set<(event: AdkVoiceEvent) => void>} */
  const listeners = new Set();
  const machine = {
    mic: /** @type {Mic} */ (IDLE),
    playing: false,
    /** the start() in progress, while `requesting` */
    attempt: /** @type {Attempt | null} */ (null),
    snapshot: /** @type {AdkVoiceSnapshot} */ ({ state: IDLE, level: 0, muted: false, recording: false, error: null, underruns: 0 }),

    /** Moves the microphone by `event` (with `change` to the snapshot); false when it does not apply now.
     *  @param {MicEvent} event @param {Partial<AdkVoiceSnapshotFields>} [change] */
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

    /** A new snapshot and its event, to every listener.
     *  @param {AdkVoiceEventType} type @param {Partial<AdkVoiceSnapshotFields>} change */
    publish(type, change) {
      /** @type {AdkVoiceSnapshotFields} */
      const snapshot = { ...machine.snapshot, ...change };
      snapshot.state = machine.playing ? 'playing' : machine.mic;
      machine.snapshot = snapshot;
      for (const listener of listeners) listener({ type, voice: snapshot });
    },

    /** @param {(event: AdkVoiceEvent) => void} listener @returns {() => void} */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return machine;
}
