// The usual way, for the side-by-side: a recorder and a player as apps (and the old TypeScript
// helpers) write them. The worklet posts every 128-sample quantum to the main thread; the main thread
// resamples (linear), converts to 16-bit PCM, chunks and sends; for playback it decodes base64,
// converts and resamples, and posts the samples to a queue-player worklet, 128 at a time (or, as a
// careful player does, one message per chunk).
const WORKLET = `
registerProcessor('usual-recorder', class extends AudioWorkletProcessor {
  process(inputs) { const c = inputs[0][0]; if (c) this.port.postMessage(c.slice(0)); return true; }
});
registerProcessor('usual-player', class extends AudioWorkletProcessor {
  constructor() { super(); this.queue = []; this.head = 0; this.port.onmessage = (e) => (e.data === 'flush' ? (this.queue = [], this.head = 0) : this.queue.push(e.data)); }
  process(_i, outputs) {
    const out = outputs[0][0]; let i = 0;
    while (i < out.length && this.queue.length) {
      const b = this.queue[0]; const n = Math.min(out.length - i, b.length - this.head);
      out.set(b.subarray(this.head, this.head + n), i); i += n; this.head += n;
      if (this.head === b.length) { this.queue.shift(); this.head = 0; }
    }
    out.fill(0, i); return true;
  }
});`;

/** `postPerQuantum` (the usual way): the player gets one message per 128 samples; false:
 *  one per chunk (a careful plain-JS player). */
export async function createUsual(transport, { postPerQuantum = true } = {}) {
  const context = new AudioContext();
  await context.audioWorklet.addModule(URL.createObjectURL(new Blob([WORKLET], { type: 'text/javascript' })));
  const player = new AudioWorkletNode(context, 'usual-player', { numberOfInputs: 0, outputChannelCount: [1] });
  player.connect(context.destination);
  let stream = null;
  const nodes = { context, capture: null, output: player };
  return {
    context,
    nodes,
    async start() {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
      const source = context.createMediaStreamSource(stream);
      const recorder = new AudioWorkletNode(context, 'usual-recorder', { numberOfOutputs: 0 });
      const ratio = context.sampleRate / 16000;
      const chunk = new Int16Array(640);
      let fill = 0, pos = 0, prev = 0;
      recorder.port.onmessage = ({ data }) => {
        // Linear interpolation across quanta; `pos` is the next output's position in this block.
        for (; pos < data.length; pos += ratio) {
          const i = Math.floor(pos), f = pos - i;
          const a = i === 0 ? prev : data[i - 1], b = data[i];
          const s = Math.max(-1, Math.min(1, a + (b - a) * f));
          chunk[fill++] = s < 0 ? s * 0x8000 : s * 0x7fff;
          if (fill === chunk.length) {
            transport.sendAudioChunk({ chunk: new Int16Array(chunk), sampleRate: 16000, channels: 1, bitDepth: 16 });
            fill = 0;
          }
        }
        pos -= data.length;
        prev = data[data.length - 1];
      };
      source.connect(recorder);
      nodes.capture = recorder;
      transport.sendAudioControl('start');
    },
    stop() {
      for (const t of stream.getTracks()) t.stop();
      transport.sendAudioControl('stop');
    },
    onAudio(audio) {
      const binary = atob(audio.content);
      const pcm = new Int16Array(binary.length / 2);
      for (let i = 0; i < pcm.length; i++) pcm[i] = binary.charCodeAt(2 * i) | (binary.charCodeAt(2 * i + 1) << 8);
      const ratio = audio.sampleRate / context.sampleRate;
      const out = new Float32Array(Math.floor(pcm.length / ratio));
      for (let j = 0; j < out.length; j++) {
        const p = j * ratio, i = Math.floor(p), f = p - i;
        const a = pcm[i] / 32768, b = (i + 1 < pcm.length ? pcm[i + 1] : pcm[i]) / 32768;
        out[j] = a + (b - a) * f;
      }
      if (!postPerQuantum) return void player.port.postMessage(out, [out.buffer]);
      for (let i = 0; i < out.length; i += 128) player.port.postMessage(out.slice(i, i + 128));
    },
  };
}
