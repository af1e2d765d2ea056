// Appended to the text of the package's voice-worklet.js (so `Resampler` is the shipped code) and
// loaded as one worklet module: on a message it converts `seconds` of 48 kHz audio to 16 kHz 16-bit
// PCM, 128 samples at a time as the capture processor does, once with the JS resampler and once
// with the Rust one (voice-dsp, a WebAssembly.Module passed in processorOptions), and posts the
// milliseconds each took plus a checksum of both outputs (they must agree).
registerProcessor('voice-ab', class extends AudioWorkletProcessor {
  constructor({ processorOptions }) {
    super();
    this.module = processorOptions.module;
    this.port.onmessage = ({ data }) => this.port.postMessage(this.run(data));
  }

  run({ seconds, inRate, outRate }) {
    const clock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
    const quanta = Math.round((seconds * inRate) / 128);
    const signal = new Float32Array(128 * 64);
    for (let i = 0; i < signal.length; i++) signal[i] = 0.4 * Math.sin(i * 0.05) + 0.2 * Math.sin(i * 0.31) + 0.05 * Math.sin(i * 1.7);
    // JS: the shipped Resampler and conversion.
    const js = new Resampler(inRate, outRate);
    const bytes = new Uint8Array(4096);
    let fill = 0, jsSum = 0;
    const emit = (s) => {
      const v = s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767);
      bytes[fill++] = v & 255;
      bytes[fill++] = (v >> 8) & 255;
      if (fill >= 4000) fill = 0;
      jsSum = (jsSum + v) | 0;
    };
    let t = clock();
    for (let q = 0; q < quanta; q++) js.push(signal.subarray((q % 64) * 128, (q % 64) * 128 + 128), emit);
    const jsMs = clock() - t;
    // Rust: the same kernel table, the same 128-sample steps; the bytes copied out as the worklet would.
    const { exports: w } = new WebAssembly.Instance(this.module, {});
    const ref = new Resampler(inRate, outRate);
    new Float32Array(w.memory.buffer, w.kernel_ptr(), ref.kernel.length).set(ref.kernel);
    w.init(ref.half, ref.phases, ref.step);
    const input = new Float32Array(w.memory.buffer, w.input_ptr(), 128);
    const out = new Uint8Array(w.memory.buffer, w.output_ptr(), 4096);
    const chunk = new Uint8Array(4096);
    let wasmSum = 0;
    t = clock();
    for (let q = 0; q < quanta; q++) {
      input.set(signal.subarray((q % 64) * 128, (q % 64) * 128 + 128));
      const n = w.process(128);
      chunk.set(out.subarray(0, n));
      for (let i = 0; i < n; i += 2) wasmSum = (wasmSum + ((chunk[i] | (chunk[i + 1] << 8)) << 16 >> 16)) | 0;
    }
    const wasmMs = clock() - t;
    return { jsMs, wasmMs, jsSum, wasmSum, clock: typeof performance !== 'undefined' ? 'performance.now' : 'Date.now' };
  }
});
