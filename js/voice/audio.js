// The voice's audio (voice.js): the AudioContext, the worklet module both directions use, and the
// playback node that plays the agent's `data-pcm` chunks (SPEC §5) in the worklet scope.
import { AdkVoiceError, messageOf, noAudio, webAudio } from './errors.js';
import { OUTPUT_SAMPLE_RATE } from '../wire/audio-format.js';

/**
 * A voice's options with the defaults in.
 * @typedef {Required<Omit<import('../voice.js').AdkVoiceOptions, 'workletUrl'>> & {workletUrl?: string}} VoiceSettings
 */

/** @param {number} ms */
const timeout = (ms) => new Promise((resolve) => setTimeout(resolve, ms, 'timeout'));

/**
 * The audio of one voice: `o` its options, `id` its number, `machine` its state machine (which hears
 * when the playback plays and drains), `fail` what reports a failure of the agent's audio.
 * @param {VoiceSettings} o @param {number} id
 * @param {import('./machine.js').VoiceMachine} machine
 * @param {(error: AdkVoiceError) => unknown} fail
 */
export function voiceAudio(o, id, machine, fail) {
  /** @type {AudioContext | null} */
  let context = null;
  /** @type {Promise<AudioContext> | null} the context with the worklet module in it */
  let ready = null;
  /** @type {AudioWorkletNode | null} */
  let playback = null;
  const audio = {
    /** The context and the playback node, for meters and tests. */
    nodes: () => /** @type {[AudioContext | null, AudioWorkletNode | null]} */ ([context, playback]),

    /** The AudioContext and the worklet module, created once (within the user gesture, for
     *  autoplay). `reports`: its failure is reported here (the agent's audio's); start() reports
     *  its own. */
    open(reports = false) {
      if (ready) return ready;
      if (!webAudio()) return Promise.reject(noAudio());
      const ctx = (context = new AudioContext({ latencyHint: 'interactive' }));
      const made = (ready = loaded(ctx));
      made.catch((error) => {
        if (ready !== made) return; // close() let this context go
        ready = context = null;
        void ctx.close().catch(() => {});
        if (reports) fail(error);
      });
      return made;
    },

    /** Plays one `data-pcm` chunk (the transport's `onAudio`). @param {import('../transport.js').BidiAudio} chunk */
    play(chunk) {
      const message = { pcm: chunk.content, rate: chunk.sampleRate || OUTPUT_SAMPLE_RATE };
      if (playback) return void playback.port.postMessage(message);
      audio.open(true).then(() => playback && playback.port.postMessage(message), () => {});
    },

    /** Drops what is still to play (an interrupt). */
    flush() {
      if (playback) playback.port.postMessage('flush');
    },

    /** Lets the context go (the next open() makes a new one); returns it, for the caller to close. */
    detach() {
      const ctx = context;
      ready = context = playback = null;
      return ctx;
    },
  };

  /** Resumes `ctx`, loads the worklet module and connects the playback node. @param {AudioContext} ctx */
  async function loaded(ctx) {
    const url = o.workletUrl || new URL('../voice-worklet.js', import.meta.url).href;
    const resumed = await Promise.race([ctx.resume().then(() => 'ok'), timeout(o.resumeTimeoutMs)]);
    if (resumed === 'timeout' || ctx.state !== 'running') {
      throw new AdkVoiceError('context-suspended', `voice: the AudioContext is ${ctx.state} after ${o.resumeTimeoutMs} ms; the browser's autoplay policy lets audio start only from a user gesture: call start() from a click or key handler.`);
    }
    try {
      await ctx.audioWorklet.addModule(url);
    } catch (error) {
      throw new AdkVoiceError('worklet-blocked', `voice: the audio worklet module ${url.slice(0, 80)} did not load (${messageOf(error)}); expected the page's Content-Security-Policy to allow it: script-src 'self' for the bundled file, or script-src blob: for a Blob URL (see the README's Voice section).`, error);
    }
    if (context !== ctx) return ctx; // close() came meanwhile
    const node = (playback = new AudioWorkletNode(ctx, 'adk-voice-playback', {
      numberOfInputs: 0,
      outputChannelCount: [1],
      processorOptions: { id, jitterMs: o.jitterMs },
    }));
    node.connect(ctx.destination);
    node.port.onmessage = (/** @type {MessageEvent<{playing?: number, drained?: number, flushed?: number, underruns?: number}>} */ { data }) => {
      machine.playing = data.playing !== undefined;
      if (machine.playing) machine.publish('playing', {});
      else if (data.drained !== undefined || data.flushed !== undefined) {
        machine.publish(data.flushed !== undefined ? 'flushed' : 'drained', { underruns: data.underruns ?? machine.snapshot.underruns });
      }
    };
    return ctx;
  }

  return audio;
}
