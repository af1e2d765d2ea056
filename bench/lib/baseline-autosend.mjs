// The plain-JavaScript baseline: SPEC §2's auto-send decision written directly over AI SDK UI
// messages, the way a careful app author would without WebAssembly. The benchmark checks that it
// answers exactly as the library on every message set (and on variants of them) before timing it.
//
// Same contract as `createAutoSend({mode, bidiPattern})`: one instance per chat, it remembers what
// it told AI SDK to send (principle 2) and which outputs the browser added (principle 6), and it
// never throws (principle 5).

const DEFAULT_FRONTEND_TOOLS = ['get_location', 'take_photo', 'get_camera'];

const TOOL_STATES = new Set([
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
]);

function isToolType(type) {
  return type === 'dynamic-tool' || (type.startsWith('tool-') && type.length > 5);
}


function toolNameOf(part) {
  if (typeof part.toolName === 'string' && part.toolName !== '') return part.toolName;
  return part.type.startsWith('tool-') && part.type.length > 5 ? part.type.slice(5) : null;
}

function nonEmptyString(value) {
  return typeof value === 'string' && value !== '';
}

export function createBaselineAutoSend({ mode, bidiPattern = 'A', frontendTools = DEFAULT_FRONTEND_TOOLS } = {}) {
  if (mode !== 'sse' && mode !== 'bidi') throw new Error(`mode is ${mode}; expected 'sse' or 'bidi'`);
  // ADR 0008: SSE is Pattern A only.
  const patternA = mode === 'sse' || bidiPattern !== 'B';
  const frontend = new Set(frontendTools);
  const browserOutputs = new Set();
  // What this chat already sent ('a:' + approval id, 'o:' + toolCallId), kept while in the message.
  let sent = new Set();
  // toolCallId → how many parts the message had when that part was last seen without a result
  // (principle 2's exception: parts seen before an output appeared prove nothing about it).
  let seen = new Map();

  // The tool parts of the last message, or null when it is malformed (principle 5).
  function toolsOf(parts) {
    const tools = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part === null || typeof part !== 'object' || typeof part.type !== 'string') return null;
      if (!isToolType(part.type)) continue;
      const { state, approval } = part;
      const name = toolNameOf(part);
      if (!TOOL_STATES.has(state) || name === null || !nonEmptyString(part.toolCallId)) return null;
      if (approval != null) {
        if (typeof approval !== 'object' || !nonEmptyString(approval.id)) return null;
        if (approval.approved !== undefined && typeof approval.approved !== 'boolean') return null;
      }
      tools.push({ index: i, name, id: part.toolCallId, state, approval: approval ?? null });
    }
    return tools;
  }

  // The decision with the memory as it is: `present` is every user action in the message, or null
  // when memory must not change (an approval or input still open, a browser output awaited).
  function decideWith(parts, tools) {
    let last = parts.length - 1;
    while (last >= 0 && parts[last].type === 'step-start') last--;
    if (last < 0) return { send: false, present: [], unknown: [] };
    let awaiting = false;
    for (const t of tools) {
      if (t.state === 'approval-requested' || t.state === 'input-streaming') return { send: false, present: null };
      // Principle 3, Pattern A: an approved browser tool's answer goes together with its output.
      if (t.state === 'approval-responded' && t.approval?.approved === true && patternA && frontend.has(t.name) && !sent.has(`a:${t.approval.id}`)) awaiting = true;
    }
    if (awaiting) return { send: false, present: null };
    const lastTool = tools.length > 0 && tools[tools.length - 1].index === last ? tools[tools.length - 1] : null;
    // A browser tool the backend called without asking: the backend waits for its output.
    if (lastTool && lastTool.state === 'input-available' && lastTool.approval === null && frontend.has(lastTool.name)) {
      return { send: false, present: [], unknown: [] };
    }
    const present = [];
    const unknown = [];
    for (const t of tools) {
      const followed = last > t.index;
      const hasResult = t.state === 'output-available' || t.state === 'output-error';
      const isFrontend = frontend.has(t.name);
      // Principle 6: the browser's when marked, on a browser tool, or output-available with nothing after it.
      const browsers = hasResult && (browserOutputs.has(t.id) || isFrontend || (t.state === 'output-available' && !followed));
      // BIDI Pattern B: an approved browser tool's output goes as a tool_result frame instead.
      const asFrame = !patternA && isFrontend && t.approval?.approved === true;
      if (t.approval && t.approval.isAutomatic !== true && typeof t.approval.approved === 'boolean') {
        const key = `a:${t.approval.id}`;
        present.push(key);
        const backendWrotePast = t.state === 'output-denied' || (hasResult && !browsers);
        if (!sent.has(key) && !backendWrotePast && !followed) unknown.push(key);
      }
      if (browsers && !asFrame) {
        const key = `o:${t.id}`;
        present.push(key);
        const after = Math.max(t.index + 1, seen.get(t.id) ?? 0);
        if (!sent.has(key) && !(last >= after)) unknown.push(key);
      }
    }
    return { send: unknown.length > 0, present, unknown };
  }

  function remember(tools, parts, decision) {
    const next = new Map();
    const withResult = new Set(tools.filter((t) => t.state === 'output-available' || t.state === 'output-error').map((t) => t.id));
    for (const t of tools) {
      const before = seen.get(t.id);
      if (withResult.has(t.id)) {
        if (before !== undefined) next.set(t.id, before);
      } else {
        next.set(t.id, Math.max(before ?? 0, parts));
      }
    }
    seen = next;
    if (decision.present !== null) {
      const present = new Set(decision.present);
      sent = new Set([...sent].filter((key) => present.has(key)));
      if (decision.send) for (const key of decision.unknown) sent.add(key);
    }
  }

  function decide(arg) {
    const messages = arg.messages;
    if (!Array.isArray(messages) || messages.length === 0) return false;
    const message = messages[messages.length - 1];
    if (message === null || typeof message !== 'object') return false;
    const parts = message.parts;
    if (parts != null && !Array.isArray(parts)) return false;
    const list = parts ?? [];
    const tools = toolsOf(list);
    if (tools === null || message.role !== 'assistant') return false; // principle 5, D2
    const decision = list.length === 0 ? { send: false, present: [], unknown: [] } : decideWith(list, tools);
    remember(tools, list.length, decision);
    return decision.send;
  }

  return {
    sendAutomaticallyWhen(arg) {
      try {
        return decide(arg);
      } catch {
        return false;
      }
    },
    markBrowserOutput(toolCallId) {
      browserOutputs.add(toolCallId);
    },
    reset() {
      sent = new Set();
      seen = new Map();
      browserOutputs.clear();
    },
  };
}
