// The audio formats of ADK's Live API (SPEC §5), written once for the transport's frames, the voice
// and the testing kit: what it takes in (`audio_chunk` frames, the microphone) and what it speaks
// (`data-pcm` chunks). Both mono, 16-bit PCM; a frame or chunk may say otherwise.

/** What ADK's Live API takes in: 16 kHz. */
export const INPUT_SAMPLE_RATE = 16000;
/** What it speaks: 24 kHz. */
export const OUTPUT_SAMPLE_RATE = 24000;
