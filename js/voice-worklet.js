// @ts-nocheck -- the audio thread's globals (AudioWorkletProcessor, registerProcessor, sampleRate,
// currentFrame) are in no TypeScript lib, and declaring them global would declare them for every
// module of js/ (one program), where a stray `sampleRate` would then type-check. Its declaration is
// emitted all the same: the module exports nothing (`export {}`).
// adk-stream-wasm/voice: the two AudioWorklet processors, in one self-contained module (no imports:
// a bundler copies it as an asset, and a Blob URL of its text works the same). It runs on the audio
// thread, so the main thread only forwards strings: finished audio_chunk frames out (or base64 PCM,
// for a transport without the BIDI transport's audio path), base64 PCM in.
//   adk-voice-capture:  microphone (context rate) -> mono, resampled, 16-bit LE PCM chunks, base64;
//                       input level; voice activity while the agent plays (barge-in).
//   adk-voice-playback: the agent's base64 PCM -> resampled to the context rate -> a small jitter
//                       buffer -> the speakers; flushed within one render quantum.
// Both processors of one voice share a record in this scope, so barge-in needs no main-thread hop.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_CODES = new Uint8Array(64).map((_, i) => B64.charCodeAt(i));
const B64_VALUES = new Uint8Array(128);
for (let i = 0; i < 64; i++) B64_VALUES[B64_CODES[i]] = i;
const shared = new Map(); // voice id -> {playing, flush}
// Outside the audio thread (a bundler, a test runner importing every export) the module loads and does nothing.
const Processor = globalThis.AudioWorkletProcessor || class {};

function link(id) {
  if (!shared.has(id)) shared.set(id, { playing: false, flush: false });
  return shared.get(id);
}

/** Windowed-sinc resampler that keeps its state across calls: every input sample is used once,
 *  none is dropped or repeated (the output position advances by inRate/outRate exactly). */
class Resampler {
  constructor(inRate, outRate) {
    this.same = inRate === outRate;
    this.step = inRate / outRate;
    const scale = Math.min(1, outRate / inRate);
    const half = Math.ceil(8 / scale);
    const taps = 2 * half;
    const phases = 32;
    const kernel = new Float32Array((phases + 1) * taps);
    for (let p = 0; p <= phases; p++) {
      for (let k = 0; k < taps; k++) {
        const x = k - (half - 1) - p / phases;
        const c = 0.92 * scale * x;
        const sinc = c === 0 ? 1 : Math.sin(Math.PI * c) / (Math.PI * c);
        const w = Math.abs(x) >= half ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * x) / half);
        kernel[p * taps + k] = 0.92 * scale * sinc * w;
      }
    }
    Object.assign(this, { half, taps, phases, kernel, buf: new Float32Array(taps + 8192), len: half - 1, pos: half - 1 });
  }

  /** Resamples `input` and calls `emit(sample)` for each output sample. */
  push(input, emit) {
    if (this.same) {
      for (let i = 0; i < input.length; i++) emit(input[i]);
      return;
    }
    const { half, taps, phases, kernel, step } = this;
    let { buf, len, pos } = this;
    if (len + input.length > buf.length) {
      const grown = new Float32Array(len + input.length + taps);
      grown.set(buf.subarray(0, len));
      this.buf = buf = grown;
    }
    buf.set(input, len);
    len += input.length;
    while (Math.floor(pos) + half < len) {
      const i0 = Math.floor(pos);
      const k0 = Math.round((pos - i0) * phases) * taps;
      const base = i0 - half + 1;
      let sum = 0;
      for (let k = 0; k < taps; k++) sum += kernel[k0 + k] * buf[base + k];
      emit(sum);
      pos += step;
    }
    const keep = Math.floor(pos) - half + 1;
    buf.copyWithin(0, keep, len);
    this.len = len - keep;
    this.pos = pos - keep;
  }
}

function toBase64(bytes, n) {
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  let o = 0;
  for (let i = 0; i < n; i += 3) {
    const a = bytes[i], b = i + 1 < n ? bytes[i + 1] : 0, c = i + 2 < n ? bytes[i + 2] : 0;
    out[o++] = B64_CODES[a >> 2];
    out[o++] = B64_CODES[((a & 3) << 4) | (b >> 4)];
    out[o++] = i + 1 < n ? B64_CODES[((b & 15) << 2) | (c >> 6)] : 61;
    out[o++] = i + 2 < n ? B64_CODES[c & 63] : 61;
  }
  let text = '';
  for (let i = 0; i < o; i += 4096) text += String.fromCharCode.apply(null, out.subarray(i, i + 4096));
  return text;
}

function fromBase64(text) {
  const n = text.length;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((n / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    const v = (B64_VALUES[text.charCodeAt(i)] << 18) | (B64_VALUES[text.charCodeAt(i + 1)] << 12) |
      (B64_VALUES[text.charCodeAt(i + 2) & 127] << 6) | B64_VALUES[text.charCodeAt(i + 3) & 127];
    bytes[o++] = v >> 16;
    if (o < bytes.length) bytes[o++] = (v >> 8) & 255;
    if (o < bytes.length) bytes[o++] = v & 255;
  }
  return bytes;
}

class Capture extends Processor {
  constructor({ processorOptions: o }) {
    super();
    this.link = link(o.id);
    this.rate = o.sampleRate;
    // The audio_chunk frame in three parts around the timestamp and the base64 (frames.js writes them).
    this.parts = o.parts;
    // With the transport's socket in a worker (`direct`), the frames go to the worker's port, which
    // comes first of all messages (with the audio_control start frame to send before any chunk),
    // and the main thread gets only the level. A chunk made before the port came waits for it.
    this.toWorker = Boolean(o.direct);
    this.out = null;
    this.waiting = [];
    this.muted = Boolean(o.muted);
    this.sent = 0;
    this.resampler = new Resampler(sampleRate, o.sampleRate);
    this.bytes = new Uint8Array(o.chunkSamples * 2);
    this.fill = 0;
    this.on = true;
    this.threshold = o.vadThreshold;
    this.loud = 0;
    this.needLoud = Math.max(1, Math.round((o.vadMs / 1000) * sampleRate / 128));
    this.peak = 0;
    this.emit = (s) => {
      const v = s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767);
      this.bytes[this.fill++] = v & 255;
      this.bytes[this.fill++] = (v >> 8) & 255;
      if (this.fill === this.bytes.length) this.send();
    };
    this.port.onmessage = ({ data }) => {
      if (data === 'stop' || data.stop) {
        // The rest of the last chunk, then (direct) the audio_control stop frame, on the same port.
        this.send();
        if (data.last) this.direct(data.last);
        if (this.out) this.out.postMessage(null);
        this.on = false;
        this.port.postMessage({ end: true });
      } else if (data.socket) {
        this.out = data.socket;
        this.out.postMessage(data.first);
        for (const frame of this.waiting) this.out.postMessage(frame);
        this.waiting = null;
      } else if (data.muted !== undefined) {
        this.muted = data.muted;
      }
    };
  }

  send() {
    if (this.fill === 0) return;
    const pcm = toBase64(this.bytes, this.fill);
    // The frame's timestamp is when the chunk was complete (wall clock: no performance.now() here).
    const p = this.parts;
    const chunk = p ? p[0] + Date.now() + p[1] + pcm + p[2] : pcm;
    this.fill = 0;
    if (this.muted) return;
    // A bare string is the cheapest message for the main thread to receive; every third chunk
    // carries the input level, the meter's pace (about 8 times a second). Direct, the main thread
    // gets the level alone.
    const level = ++this.sent % 3 === 0;
    if (this.toWorker) {
      this.direct(chunk);
      if (!level) return;
      this.port.postMessage({ level: this.peak });
    } else if (!level) return this.port.postMessage(chunk);
    else this.port.postMessage({ chunk, level: this.peak });
    this.peak = 0;
  }

  /** A frame to the worker's port, or kept until the port comes. */
  direct(frame) {
    if (this.out !== null) this.out.postMessage(frame);
    else this.waiting.push(frame);
  }

  process(inputs) {
    const channels = inputs[0];
    if (!this.on) return false;
    if (channels.length === 0) return true;
    const input = channels[0];
    let energy = 0;
    for (let i = 0; i < input.length; i++) energy += input[i] * input[i];
    const rms = Math.sqrt(energy / input.length);
    if (rms > this.peak) this.peak = rms;
    // Barge-in: speech above the threshold for vadMs while the agent plays.
    this.loud = this.threshold > 0 && rms > this.threshold ? this.loud + 1 : 0;
    if (this.loud === this.needLoud && this.link.playing) {
      this.link.flush = true;
      this.port.postMessage({ speech: currentFrame });
    }
    this.resampler.push(input, this.emit);
    return true;
  }
}

// The playback's states: nothing to play; an answer's first audio buffering (the jitter buffer);
// playing; and, after a flush (interrupt() or barge-in), the interrupted answer's rest still in
// flight, dropped until its audio stops coming (issue 32 §3). Audio arriving within two jitter
// buffers of the audio before it is the same answer: the rule that also tells an underrun from the
// next answer.
const IDLE = 0, PRIMING = 1, PLAYING = 2, DROPPING = 3;

class Playback extends Processor {
  constructor({ processorOptions: o }) {
    super();
    this.link = link(o.id);
    this.prime = Math.round((o.jitterMs / 1000) * sampleRate);
    this.queue = [];
    this.head = 0; // read index into queue[0]
    this.buffered = 0;
    this.state = IDLE;
    this.lastArrival = -1e9;
    this.starvedAt = -1;
    this.underruns = 0;
    this.resamplers = new Map();
    this.port.onmessage = ({ data }) => {
      if (data === 'flush') return void (this.link.flush = true);
      const sameAnswer = currentFrame - this.lastArrival < 2 * this.prime;
      this.lastArrival = currentFrame;
      if (this.state === DROPPING) {
        if (sameAnswer) return;
        this.state = IDLE;
      }
      let resampler = this.resamplers.get(data.rate);
      if (!resampler) this.resamplers.set(data.rate, (resampler = new Resampler(data.rate, sampleRate)));
      const bytes = fromBase64(data.pcm);
      const n = bytes.length >> 1;
      const input = new Float32Array(n);
      for (let i = 0; i < n; i++) input[i] = (((bytes[2 * i + 1] << 24) >> 16) | bytes[2 * i]) / 32768;
      const out = new Float32Array(Math.ceil(n / resampler.step) + resampler.taps);
      let m = 0;
      resampler.push(input, (s) => void (out[m++] = s));
      if (m === 0) return;
      this.queue.push(out.subarray(0, m));
      this.buffered += m;
      if (this.state === IDLE) {
        // Ran dry and more came within two jitter buffers: a gap in one answer, not the next answer.
        if (this.starvedAt >= 0 && currentFrame - this.starvedAt < 2 * this.prime) this.underruns++;
        this.state = PRIMING;
      }
    };
  }

  process(_inputs, outputs) {
    const out = outputs[0][0];
    const link = this.link;
    if (link.flush) {
      link.flush = false;
      const was = this.state;
      this.queue = [];
      this.head = 0;
      this.buffered = 0;
      // An answer still arriving: its rest is dropped.
      this.state = currentFrame - this.lastArrival < 2 * this.prime ? DROPPING : IDLE;
      this.starvedAt = -1;
      if (link.playing) this.port.postMessage({ flushed: currentFrame, was });
      link.playing = false;
      out.fill(0);
      return true;
    }
    if (this.state === PRIMING && (this.buffered >= this.prime || currentFrame - this.lastArrival >= this.prime)) {
      this.state = PLAYING;
      link.playing = true;
      this.port.postMessage({ playing: currentFrame });
    }
    if (this.state !== PLAYING) {
      out.fill(0);
      return true;
    }
    let i = 0;
    while (i < out.length && this.queue.length > 0) {
      const block = this.queue[0];
      const take = Math.min(out.length - i, block.length - this.head);
      out.set(block.subarray(this.head, this.head + take), i);
      i += take;
      this.head += take;
      this.buffered -= take;
      if (this.head === block.length) {
        this.queue.shift();
        this.head = 0;
      }
    }
    if (i < out.length) {
      out.fill(0, i);
      this.state = IDLE;
      this.starvedAt = currentFrame;
      link.playing = false;
      this.port.postMessage({ drained: currentFrame, underruns: this.underruns });
    }
    return true;
  }
}

if (typeof registerProcessor === 'function') {
  registerProcessor('adk-voice-capture', Capture);
  registerProcessor('adk-voice-playback', Playback);
}
