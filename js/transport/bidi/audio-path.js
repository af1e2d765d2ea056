// The key of the BIDI transport's internal audio path, which adk-stream-wasm/voice takes to send
// the frames its worklet built off the main thread. Not public API; written once, here, for the
// transport, useAdkChat's lazy transport and the voice.
export const AUDIO_PATH = Symbol.for('adk-stream-wasm.audioPath');
