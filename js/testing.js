// adk-stream-wasm/testing: a ChatTransport that plays an ADK backend's responses into AI SDK's
// `Chat`, so an app tests its chat UI (vitest + jsdom, or a browser) with no backend. It is the
// transport it stands in for (SPEC §5): the same split of a BIDI conversation (response-ends.js),
// one assistant message per agent turn (W5, adk-wire.js), Pattern B's `sendToolResult` and
// `whenMessageSent`. No `ai` import, so a test loads it before anything else, and no WebAssembly:
// nothing it imports loads the core.
//
// One response stream per request, in order. Where the responses come from:
//  - a recording in the shared fixtures' format (`{mode, output: {rawEvents}}`): an SSE recording
//    holds one HTTP response per `[DONE]`; a BIDI recording is one socket conversation, split into
//    response streams at `[DONE]` and at the first `finish-step` after a `tool-approval-request`
//    (there the backend blocks on the user's answer, and the BIDI transport ends the stream);
//  - a script of turns written with `adkScript({mode})`, which emits the chunks a real ADK backend
//    emits in that mode and splits them by the same rule.

export { AdkTestingError, parseRawEvents, parseRecording, splitRawEvents, splitResponses } from './testing/recordings.js';
export { AdkTestTransport } from './testing/transport.js';
export { adkScript, spokenTurn } from './testing/script.js';

/** @typedef {import('./testing/ai-types.js').TestChunk} TestChunk */
/** @typedef {import('./testing/recordings.js').AdkRecording} AdkRecording */
/**
 * @template [UI_MESSAGE=import('./testing/ai-types.js').AiUIMessage]
 * @typedef {import('./testing/transport.js').RecordedRequest<UI_MESSAGE>} RecordedRequest
 */
/** @typedef {import('./testing/transport.js').AdkTestTransportOptions} AdkTestTransportOptions */
/** @typedef {import('./testing/audio.js').TestAudio} TestAudio */
/** @typedef {import('./testing/audio.js').TestAudioFrame} TestAudioFrame */
/** @typedef {import('./testing/script.js').AdkScript} AdkScript */
