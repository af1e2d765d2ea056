// The benchmark's message sets: AI SDK v6 UI messages shaped like the recorded ADK streams in the
// shared fixtures (ids `function-call-<digits>` and `confirm-<uuid>`, Japanese user text, reasoning
// before a tool call). Deterministic (seeded), so Node and Chromium decide on the same data.
//
// A set is `{name, history, outputBytes, toolParts, messages}`: `history` messages in all, the last
// one the assistant message under decision. Its `toolParts` parts are `take_photo` calls (a browser
// tool of the default registry) that the user approved and whose photo the browser added, each
// output about `outputBytes` long: SPEC D19's shape, so a fresh engine answers true once and then
// false. Earlier messages are finished turns: a user request and the assistant's payment, weather
// or location turn with small outputs.

export const HISTORIES = [1, 100, 10_000];
export const OUTPUT_BYTES = [100, 1_000_000];
export const TOOL_PARTS = [1, 20];

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function ids(seed) {
  const random = prng(seed);
  const hex = (n) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
  const digits = () => {
    let s = String(1 + Math.floor(random() * 9));
    const n = 18 + Math.floor(random() * 2);
    for (let i = 0; i < n; i++) s += Math.floor(random() * 10);
    return s;
  };
  const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return {
    random,
    uuid,
    toolCallId: () => `function-call-${digits()}`,
    approvalId: () => `confirm-${uuid()}`,
    userId: () => Array.from({ length: 16 }, () => alnum[Math.floor(random() * alnum.length)]).join(''),
  };
}

const USER_TEXTS = ['次郎さんに200ドル送金してください', '現在地を教えて', '東京の天気は？', 'Send $50 to alice@example.com'];

function userMessage(id) {
  return { id: id.userId(), role: 'user', parts: [{ type: 'text', text: USER_TEXTS[Math.floor(id.random() * USER_TEXTS.length)] }] };
}

/** A finished assistant turn of the history: one tool call with a small output, then text. */
function finishedTurn(id, n) {
  const kind = n % 3;
  const toolCallId = id.toolCallId();
  let tool;
  if (kind === 0) {
    tool = {
      type: 'tool-process_payment', toolCallId, state: 'output-available',
      input: { amount: 200, currency: 'USD', recipient: 'Jiro' },
      output: { success: true, transaction_id: `txn_${id.uuid().slice(0, 12)}`, amount: 200, currency: 'USD', wallet_balance: 800 },
      approval: { id: id.approvalId(), approved: true },
    };
  } else if (kind === 1) {
    tool = {
      type: 'tool-get_weather', toolCallId, state: 'output-available',
      input: { location: 'Tokyo' },
      output: { location: 'Tokyo', temperature: 18.5, conditions: 'Partly cloudy', humidity: 62 },
    };
  } else {
    tool = {
      type: 'tool-get_location', toolCallId, state: 'output-available', input: {},
      output: { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1768660979031 },
      approval: { id: `adk-${id.uuid()}`, approved: true },
    };
  }
  return {
    id: id.uuid(),
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'reasoning', text: '**Initiating Payment Transfer**\n\nI am ready to proceed with the request.', state: 'done' },
      tool,
      { type: 'step-start' },
      { type: 'text', text: '次郎さんに200ドルの送金が完了しました。', state: 'done' },
    ],
  };
}

/** A base64-like string of `bytes` characters (the body of a photo data URL). */
function payload(id, bytes) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const block = Array.from({ length: 4096 }, () => alphabet[Math.floor(id.random() * 64)]).join('');
  let s = '';
  while (s.length < bytes) s += block;
  return s.slice(0, bytes);
}

/** `take_photo` tool parts, approved, each holding the browser's photo as output. */
function photoParts(id, count, outputBytes) {
  const head = '{"mimeType":"image/jpeg","width":1280,"height":720,"dataUrl":"data:image/jpeg;base64,"}'.length;
  const body = payload(id, Math.max(8, outputBytes - head));
  return Array.from({ length: count }, (_, i) => ({
    type: 'tool-take_photo',
    toolCallId: id.toolCallId(),
    state: 'output-available',
    input: { camera: i % 2 === 0 ? 'front' : 'back', quality: 0.8 },
    // A distinct string per part (a slice of one buffer: no extra memory).
    output: { mimeType: 'image/jpeg', width: 1280, height: 720, dataUrl: `data:image/jpeg;base64,${body.slice(i)}` },
    approval: { id: id.approvalId(), approved: true },
  }));
}

const histories = new Map();

/** The `count` messages before the last one; shared by every set of the same history length. */
function historyPrefix(count) {
  if (!histories.has(count)) {
    const id = ids(1000 + count);
    const messages = [];
    for (let i = 0; i < count; i++) messages.push(i % 2 === 0 ? userMessage(id) : finishedTurn(id, i));
    histories.set(count, messages);
  }
  return histories.get(count);
}

export function lastMessage({ toolParts, outputBytes, seed = 7 }) {
  const id = ids(seed * 31 + toolParts * 7 + outputBytes);
  return {
    id: id.uuid(),
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'reasoning', text: '**Taking the photos**\n\nThe user asked for photos; the camera tool runs in the browser.', state: 'done' },
      { type: 'text', text: 'カメラで写真を撮ります。', state: 'done' },
      ...photoParts(id, toolParts, outputBytes),
    ],
  };
}

export function setName({ history, outputBytes, toolParts }) {
  const size = outputBytes >= 1_000_000 ? `${outputBytes / 1_000_000} MB` : `${outputBytes} B`;
  return `${history.toLocaleString('en-US')} msg · ${size} out · ${toolParts} tool${toolParts === 1 ? '' : 's'}`;
}

export function makeSet({ history, outputBytes, toolParts }) {
  const messages = [...historyPrefix(history - 1), lastMessage({ toolParts, outputBytes })];
  return { name: setName({ history, outputBytes, toolParts }), history, outputBytes, toolParts, messages };
}

/** Every combination, smallest first. */
export function allSetKeys() {
  const keys = [];
  for (const toolParts of TOOL_PARTS) for (const outputBytes of OUTPUT_BYTES) for (const history of HISTORIES) keys.push({ history, outputBytes, toolParts });
  return keys;
}

/** Other last-message states on the same history, for the answer check (not timed). */
export function variants(set) {
  const last = set.messages[set.messages.length - 1];
  const prefix = set.messages.slice(0, -1);
  const tools = last.parts.filter((p) => p.type.startsWith('tool-'));
  const lastTool = tools[tools.length - 1];
  const withLast = (parts) => [...prefix, { ...last, parts }];
  const replaceLastTool = (part) => withLast([...last.parts.slice(0, -1), part]);
  const strip = ({ output, ...rest }) => rest;
  return {
    'as benchmarked': set.messages,
    'last photo approved, no output yet': replaceLastTool({ ...strip(lastTool), state: 'approval-responded' }),
    'last photo denied': replaceLastTool({ ...strip(lastTool), state: 'approval-responded', approval: { id: lastTool.approval.id, approved: false } }),
    'last photo still awaiting approval': replaceLastTool({ ...strip(lastTool), state: 'approval-requested', approval: { id: lastTool.approval.id } }),
    'first photo awaiting approval': withLast(last.parts.map((p) => (p === tools[0] ? { ...strip(p), state: 'approval-requested', approval: { id: p.approval.id } } : p))),
    'last photo failed in the browser': replaceLastTool({ ...strip(lastTool), state: 'output-error', errorText: 'NotAllowedError: Permission denied' }),
    'payment approved': replaceLastTool({ type: 'tool-process_payment', toolCallId: lastTool.toolCallId, state: 'approval-responded', input: { amount: 200, currency: 'USD', recipient: 'Jiro' }, approval: { id: lastTool.approval.id, approved: true } }),
    'payment denied': replaceLastTool({ type: 'tool-process_payment', toolCallId: lastTool.toolCallId, state: 'approval-responded', input: { amount: 200 }, approval: { id: lastTool.approval.id, approved: false } }),
    'dynamic-tool get_location output': replaceLastTool({ type: 'dynamic-tool', toolName: 'get_location', toolCallId: lastTool.toolCallId, state: 'output-available', input: {}, output: { latitude: 35.6762, longitude: 139.6503, accuracy: 12 }, approval: { id: lastTool.approval.id, approved: true } }),
    'backend text after the photos': withLast([...last.parts, { type: 'text', text: '写真を受け取りました。', state: 'done' }]),
    'get_location called without approval': replaceLastTool({ type: 'tool-get_location', toolCallId: lastTool.toolCallId, state: 'input-available', input: {} }),
    'tool input still streaming': replaceLastTool({ type: 'tool-process_payment', toolCallId: lastTool.toolCallId, state: 'input-streaming', input: {} }),
    'trailing step-start': withLast([...last.parts, { type: 'step-start' }]),
    'last message from the user': [...set.messages, { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'ありがとう' }] }],
  };
}
