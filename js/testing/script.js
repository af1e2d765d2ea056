// The testing kit's script builder (adk-stream-wasm/testing, testing.js): adkScript({mode}) writes a
// backend's turns as an ADK backend streams them, split into responses by the transport's rule.
import { AdkTestingError, DONE, checkMode, describeValue, splitResponses } from './recordings.js';
import { AdkTestTransport, copy } from './transport.js';

/** @typedef {import('./ai-types.js').TestChunk} TestChunk */
/** @typedef {import('./ai-types.js').AiUIMessage} AiUIMessage */

/**
 * The steps of a script: every one returns the builder.
 * @typedef {object} AdkScriptSteps
 * @property {(text: string, options?: {id?: string}) => AdkScript} text One text part.
 * @property {(text: string, options?: {id?: string}) => AdkScript} reasoning One reasoning part.
 * @property {(toolName: string, input?: unknown, options?: {toolCallId?: string}) => AdkScript} toolCall A tool call with its input (`tool-input-available`): a browser tool runs on it.
 * @property {(toolName: string, input?: unknown, options?: {toolCallId?: string, approvalId?: string}) => AdkScript} approvalRequest
 *   A tool call that waits for the user's answer (`tool-approval-request`). In BIDI it ends the
 *   response (with the requests right before it), as the backend then waits.
 * @property {(toolCallId: string, output: unknown) => AdkScript} toolResult The backend's result of a tool call (`tool-output-available`).
 * @property {(toolCallId: string, errorText: string) => AdkScript} toolError The backend's failure of a tool call, or its answer to a denial (`tool-output-error`).
 * @property {(chunk: TestChunk) => AdkScript} chunk Any other UI message chunk, as is.
 * @property {() => AdkScript} done
 *   Ends the response (`finish`, `[DONE]`). In BIDI, right after approval requests it only ends
 *   the response: the backend waits for the answer within the same turn, which goes on in the
 *   next response (so one script serves both modes).
 * @property {() => string[]} rawEvents The conversation as a recording's frames (`data: …\n\n`).
 * @property {() => TestChunk[][]} responses The response streams, one array of chunks per request.
 * @property {<UI_MESSAGE extends AiUIMessage = AiUIMessage>(options?: Omit<import('./transport.js').AdkTestTransportOptions, 'responses'>) => AdkTestTransport<UI_MESSAGE>} transport
 *   A new transport that plays these responses.
 */

/**
 * Builds a backend's turns as an ADK backend streams them in `mode`. Ids not given are
 * `call-N`, `approval-N`, `text-N`. Every method but the last three returns the builder.
 * @typedef {{readonly mode: 'sse' | 'bidi'} & AdkScriptSteps} AdkScript
 */

/**
 * Writes a backend's turns as an ADK backend streams them, in `mode`:
 *   adkScript({mode: 'sse'}).approvalRequest('process_payment', {amount: 50}).done()
 *     .toolResult('call-1', {ok: true}).text('Paid.').done().transport()
 * SSE: each response is `start` … `finish`, ended by `done()`. BIDI: one conversation; a turn
 * starts with `start` and ends with `finish` at `done()`; approval requests come in a step
 * (`start-step`, `tool-approval-request`, `finish-step`) that ends the response stream, as the
 * backend then waits for the answer in the same turn (a `done()` right after them ends only the
 * response, so one script serves both modes). Ids not given are `call-N`, `approval-N`, `text-N`.
 * Throws `AdkTestingError` for a mode other than 'sse' or 'bidi'.
 * @param {{mode: 'sse' | 'bidi'}} options
 * @returns {AdkScript}
 */
export function adkScript(options) {
  const mode = options && options.mode;
  checkMode(mode, 'adkScript()');
  const writer = new ScriptWriter(mode);
  /** @type {AdkScript} */
  const builder = {
    mode,
    text: (value, { id } = {}) => (writer.streamPart('text', value, id), builder),
    reasoning: (value, { id } = {}) => (writer.streamPart('reasoning', value, id), builder),
    toolCall: (name, input = {}, { toolCallId } = {}) => (writer.toolCall(name, input, toolCallId), builder),
    approvalRequest: (name, input = {}, { toolCallId, approvalId } = {}) => (writer.approvalRequest(name, input, toolCallId, approvalId), builder),
    toolResult: (toolCallId, output) => (writer.toolResult(toolCallId, output), builder),
    toolError: (toolCallId, errorText) => (writer.toolError(toolCallId, errorText), builder),
    chunk: (chunk) => (writer.chunk(chunk), builder),
    done: () => (writer.done(), builder),
    /** The conversation so far as a recording's frames (`data: …\n\n`), for a fixture of your own. */
    rawEvents: () => writer.closed().map((event) => `data: ${event === DONE ? DONE : JSON.stringify(event)}\n\n`),
    /** The response streams, one array of chunks per request. */
    responses: () => splitResponses(writer.closed(), mode),
    /** A transport that plays these responses. */
    transport: (transportOptions = {}) => new AdkTestTransport({ ...transportOptions, responses: builder.responses() }),
  };
  return builder;
}

/** `value` when it is undefined or a non-empty string, else an AdkTestingError that names `name`.
 *  @param {unknown} value @param {string} name @param {string} where @returns {string | undefined} */
function stringOption(value, name, where) {
  if (value !== undefined && (typeof value !== 'string' || value === '')) {
    throw new AdkTestingError(`${where}: ${name} is ${describeValue(value)}; expected a non-empty string.`);
  }
  return value;
}

/** @param {unknown} name @param {string} where @returns {string} */
function toolName(name, where) {
  if (typeof name !== 'string' || name === '') throw new AdkTestingError(`${where}: the tool name is ${describeValue(name)}; expected a non-empty string.`);
  return name;
}

/** The chunks a script has written so far, and where it is: in a turn, in an open step (BIDI). */
class ScriptWriter {
  /** @param {'sse' | 'bidi'} mode */
  constructor(mode) {
    this.mode = mode;
    /** @type {any[]} the chunks (of the AI SDK versions the kit serves) and '[DONE]' */
    this.events = [];
    this.inTurn = false;
    this.stepOpen = false;
    this.turns = 0;
    this.counters = { call: 0, approval: 0, text: 0 };
  }

  /** @param {'call' | 'approval' | 'text'} kind */
  nextId(kind) {
    return `${kind}-${++this.counters[kind]}`;
  }

  /** Closes an open step and opens a turn when none is open. */
  begin() {
    this.closeStep();
    if (!this.inTurn) {
      this.inTurn = true;
      this.events.push({ type: 'start', messageId: `message-${++this.turns}` });
    }
  }

  closeStep() {
    if (this.stepOpen) {
      this.events.push({ type: 'finish-step' });
      this.stepOpen = false;
    }
  }

  /** A text or reasoning part streamed whole: its start, one delta, its end.
   *  @param {'text' | 'reasoning'} kind @param {unknown} value @param {unknown} id */
  streamPart(kind, value, id) {
    const where = `${kind}()`;
    if (typeof value !== 'string') throw new AdkTestingError(`${where}: the text is ${describeValue(value)}; expected a string.`);
    this.begin();
    const partId = stringOption(id, 'id', where) ?? this.nextId('text');
    this.events.push({ type: `${kind}-start`, id: partId }, { type: `${kind}-delta`, id: partId, delta: value }, { type: `${kind}-end`, id: partId });
  }

  /** A tool call with its input (state input-available): a browser tool runs on it.
   *  @param {unknown} name @param {unknown} input @param {unknown} toolCallId */
  toolCall(name, input, toolCallId) {
    toolName(name, 'toolCall()');
    this.begin();
    this.events.push({ type: 'tool-input-available', toolCallId: stringOption(toolCallId, 'toolCallId', 'toolCall()') ?? this.nextId('call'), toolName: name, input });
  }

  /** A tool call that waits for the user's approval (state approval-requested).
   *  @param {unknown} name @param {unknown} input @param {unknown} toolCallId @param {unknown} approvalId */
  approvalRequest(name, input, toolCallId, approvalId) {
    toolName(name, 'approvalRequest()');
    const callId = stringOption(toolCallId, 'toolCallId', 'approvalRequest()') ?? this.nextId('call');
    const id = stringOption(approvalId, 'approvalId', 'approvalRequest()') ?? this.nextId('approval');
    const call = { type: 'tool-input-available', toolCallId: callId, toolName: name, input };
    if (this.mode === 'bidi' && this.stepOpen) {
      // Requests in a row share one step (one response); the next other chunk, or done(), closes it.
      this.events.push(call);
    } else {
      this.begin();
      this.events.push(call);
      if (this.mode === 'bidi') this.events.push({ type: 'start-step' });
    }
    this.events.push({ type: 'tool-approval-request', toolCallId: callId, approvalId: id });
    this.stepOpen = this.mode === 'bidi';
  }

  /** The backend's result of a tool call (it ran the tool, or answered a denial with an error text).
   *  @param {unknown} toolCallId @param {unknown} output */
  toolResult(toolCallId, output) {
    stringOption(toolCallId, 'toolCallId', 'toolResult()');
    if (toolCallId === undefined) throw new AdkTestingError('toolResult(): the toolCallId is missing; expected the id of an earlier tool call.');
    this.begin();
    this.events.push({ type: 'tool-output-available', toolCallId, output });
  }

  /** The backend's failure of a tool call (`tool-output-error`). @param {unknown} toolCallId @param {unknown} errorText */
  toolError(toolCallId, errorText) {
    stringOption(toolCallId, 'toolCallId', 'toolError()');
    if (toolCallId === undefined || typeof errorText !== 'string') {
      throw new AdkTestingError('toolError(): expected (toolCallId, errorText), both strings.');
    }
    this.begin();
    this.events.push({ type: 'tool-output-error', toolCallId, errorText });
  }

  /** Any other UI message chunk, as is. @param {unknown} chunk */
  chunk(chunk) {
    if (chunk === null || typeof chunk !== 'object' || typeof (/** @type {{type?: unknown}} */ (chunk)).type !== 'string') {
      throw new AdkTestingError(`chunk(): the chunk is ${describeValue(chunk)}; expected a UI message chunk {type, …}.`);
    }
    this.begin();
    this.events.push(copy(chunk));
  }

  /**
   * Ends the response: `finish`, then `[DONE]`. In BIDI, right after approval requests it only
   * closes their step: the BIDI backend waits for the answer inside the same turn, so the
   * stream ends there and the turn goes on in the next response (a script reads the same in
   * both modes).
   */
  done() {
    if (this.mode === 'bidi' && this.stepOpen) {
      this.closeStep();
      return;
    }
    this.closeStep();
    if (this.inTurn) this.events.push({ type: 'finish', finishReason: 'stop' });
    this.events.push(DONE);
    this.inTurn = false;
  }

  /** The events, with a BIDI step still open closed in the output (else its response would not end). */
  closed() {
    return this.stepOpen ? [...this.events, { type: 'finish-step' }] : [...this.events];
  }
}

/**
 * A spoken turn as an ADK backend streams it with no request open (SPEC §5 W8, W9), for
 * `transport.agentTurn()`: the user's transcribed speech (a text part whose id ends `_input_text`),
 * the agent's answer (`_output_text`) with `audio` (base64 PCM, each a `data-pcm` chunk) inside it,
 * `finish` and `[DONE]`, and no `start` (the converter sends one only as a socket's first event).
 * `id`: the part ids' stem (default 'voice'; the converter uses its first turn's messageId).
 * Throws `AdkTestingError` for arguments of other types.
 * @param {string} heard @param {string} answer @param {{audio?: ReadonlyArray<string>, id?: string}} [options]
 * @returns {Array<TestChunk | '[DONE]'>}
 */
export function spokenTurn(heard, answer, { audio = [], id = 'voice' } = {}) {
  if (typeof heard !== 'string' || typeof answer !== 'string') {
    throw new AdkTestingError(`spokenTurn(): heard and answer are ${describeValue(heard)} and ${describeValue(answer)}; expected two strings.`);
  }
  if (!Array.isArray(audio) || !audio.every((a) => typeof a === 'string') || typeof id !== 'string' || id === '') {
    throw new AdkTestingError(`spokenTurn(): the options are {audio: ${describeValue(audio)}, id: ${describeValue(id)}}; expected {audio?: base64 strings, id?: a non-empty string}.`);
  }
  const input = `${id}_input_text`;
  const output = `${id}_output_text`;
  return [
    { type: 'text-start', id: input },
    { type: 'text-delta', id: input, delta: heard },
    { type: 'text-end', id: input },
    { type: 'text-start', id: output },
    ...audio.map((content) => ({ type: /** @type {const} */ ('data-pcm'), data: { content } })),
    { type: 'text-delta', id: output, delta: answer },
    { type: 'text-end', id: output },
    { type: 'finish' },
    DONE,
  ];
}
