// The demo backend's voice mode (BIDI, SPEC §5): it takes the user's microphone as `audio_chunk`
// frames between `audio_control` start and stop and, after a pause, answers as the ADK backend
// answers speech (SPEC §5 "Agent turns over BIDI"): a turn it starts with no request open, without
// `start`, the user's transcribed speech as the text part `…_input_text`, the user's own audio
// echoed back as `data-pcm` chunks at real-time rate, the answer's transcription as `…_output_text`
// (opened before the audio, its last words after it; the socket's part ids, reused every turn),
// `finish`, `[DONE]`. An `interrupt` is ignored, as the
// ADK backend ignores it; with the backend's option `interrupt: 'end-turn'` it cuts the echo where
// it is, without [DONE] (`cut()`). A new recording's answer cuts the one still playing short. The
// "transcription" says what was heard (its length and loudness): there is no speech recognition.
import { DONE, sleep } from './protocol.mjs';

const CHUNK_MS = 40;

export class VoiceEcho {
  /** `session`: the socket's BidiSession (`chunk(chunk)`, `send(text)`, `textId(kind)`, `next()`
   *  once the answer ended); `stats`:
   *  the backend's counters (`count(name, chatId)`). */
  constructor(session, stats, { pauseMs = 300 } = {}) {
    this.session = session;
    this.stats = stats;
    this.pauseMs = pauseMs;
    this.chunks = [];
    this.sampleRate = 16000;
    this.echo = null; // {cancelled}
  }

  /** The answer playing ends where it is, with nothing more sent (no [DONE]). */
  cut() {
    if (this.echo) this.echo.cut = true;
  }

  /** True when the frame was the voice's (audio_control, audio_chunk). */
  onFrame(f, chatId) {
    if (!f || typeof f !== 'object') return false;
    if (f.type === 'audio_control') {
      this.stats.count(`audio_${f.action}`, chatId);
      if (f.action === 'start') this.chunks = [];
      if (f.action === 'stop') void this.answer(this.chunks.splice(0));
      return true;
    }
    if (f.type === 'audio_chunk') {
      this.stats.count('audioChunks', chatId);
      if (typeof f.chunk === 'string') this.chunks.push(Buffer.from(f.chunk, 'base64'));
      if (Number.isInteger(f.sampleRate) && f.sampleRate > 0) this.sampleRate = f.sampleRate;
      return true;
    }
    return false;
  }

  async answer(chunks) {
    const pcm = Buffer.concat(chunks);
    const rate = this.sampleRate;
    const seconds = pcm.length / 2 / rate;
    let energy = 0;
    for (let i = 0; i + 1 < pcm.length; i += 2) energy += (pcm.readInt16LE(i) / 32768) ** 2;
    const rms = Math.sqrt(energy / Math.max(1, pcm.length / 2));
    const echo = { cancelled: false, cut: false };
    if (this.echo) this.echo.cancelled = true;
    this.echo = echo;
    await sleep(this.pauseMs);
    if (echo.cut) return this.ended(echo);
    const text = (id, words) => [
      { type: 'text-start', id },
      { type: 'text-delta', id, delta: words },
      { type: 'text-end', id },
    ];
    const send = (chunk) => this.session.chunk(chunk);
    for (const c of text(this.session.textId('input_text'), `Input transcription: ${seconds.toFixed(1)} s of audio heard (level ${rms.toFixed(3)}).`)) send(c);
    // The answer's transcription streams with its audio, as the ADK backend's does: its part opens
    // before the first data-pcm, and its last words come after the last (issue 40 item 1).
    const output = this.session.textId('output_text');
    send({ type: 'text-start', id: output });
    send({ type: 'text-delta', id: output, delta: 'Output transcription: ' });
    const step = Math.round((rate * CHUNK_MS) / 1000) * 2;
    const t0 = performance.now();
    let sent = 0;
    for (let k = 0; k * step < pcm.length && !echo.cancelled && !echo.cut; k++) {
      const wait = t0 + k * CHUNK_MS - performance.now();
      if (wait > 0) await sleep(wait);
      if (echo.cancelled || echo.cut) break;
      const slice = pcm.subarray(k * step, (k + 1) * step);
      send({ type: 'data-pcm', data: { content: slice.toString('base64'), sampleRate: rate, channels: 1, bitDepth: 16 } });
      sent += slice.length;
    }
    if (echo.cut) return this.ended(echo);
    const said = echo.cancelled ? `interrupted after ${(sent / 2 / rate).toFixed(1)} s.` : `your ${seconds.toFixed(1)} s, played back.`;
    send({ type: 'text-delta', id: output, delta: said });
    send({ type: 'text-end', id: output });
    send({ type: 'finish' });
    this.session.send(DONE);
    this.ended(echo);
  }

  /** `echo` is over: a message that waited for it is answered now (W11). */
  ended(echo) {
    if (this.echo !== echo) return;
    this.echo = null;
    this.session.next();
  }
}
