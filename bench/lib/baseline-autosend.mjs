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
  // What this chat already sent. Principle 2 makes every action before the last part known, so
  // only the last part's answer and output can still matter: one of each is all there is to keep.
  let sentAnswer = null; // approval id
  let sentOutput = null; // toolCallId

  // The decision's inputs, or `null` when memory must not change (malformed input, not an
  // assistant message, an approval or a tool input still open). `answer` / `output` are the ids of
  // the user actions in the last message (or null).
  function evaluate(arg) {
    const messages = arg.messages;
    if (!Array.isArray(messages) || messages.length === 0) return null;
    const message = messages[messages.length - 1];
    if (message === null || typeof message !== 'object') return null;
    const parts = message.parts;
    if (parts != null && !Array.isArray(parts)) return null;
    const count = parts == null ? 0 : parts.length;
    // One pass: principle 5 (a malformed part anywhere means no decision), principle 1 (nothing is
    // sent while an approval waits or a tool input still streams), and the last part that is not a
    // step-start marker (principle 2: everything before it is known to the backend).
    let open = false;
    let last = -1;
    for (let i = 0; i < count; i++) {
      const part = parts[i];
      if (part === null || typeof part !== 'object') return null;
      const type = part.type;
      if (typeof type !== 'string') return null;
      if (type !== 'step-start') last = i;
      if (!isToolType(type)) continue;
      const state = part.state;
      if (!TOOL_STATES.has(state)) return null;
      const approval = part.approval;
      if (approval != null && typeof approval === 'object' && approval.approved !== undefined && typeof approval.approved !== 'boolean') return null;
      if (state === 'approval-requested' || state === 'input-streaming') open = true;
    }
    if (message.role !== 'assistant') return null; // D2: nothing of the user's to send
    if (last >= 0 && isToolType(parts[last].type)) {
      // The last part is read whole: a malformed one is no decision (principle 5).
      const part = parts[last];
      const approval = part.approval;
      if (toolNameOf(part) === null || !nonEmptyString(part.toolCallId)) return null;
      if (approval != null && (typeof approval !== 'object' || !nonEmptyString(approval.id))) return null;
    }
    if (open) return null;
    // D3, D4: no parts, or a text / reasoning / other part last: the backend reacted to everything.
    if (last < 0 || !isToolType(parts[last].type)) return NOTHING;

    const part = parts[last];
    const state = part.state;
    const approval = part.approval;
    const isFrontend = frontend.has(toolNameOf(part));
    const answer = approval != null ? approval.approved : undefined;

    // A browser tool the backend called without asking: the backend waits for its output.
    if (state === 'input-available' && approval == null && isFrontend) return NOTHING;

    let answerId = null;
    if (typeof answer === 'boolean') {
      // Principle 3, Pattern A: an approved browser tool's answer goes together with its output.
      if (patternA && isFrontend && answer === true && state === 'approval-responded' && sentAnswer !== approval.id) return NOTHING;
      answerId = approval.id;
    }
    let outputId = null;
    // Principle 6: an output the browser added is a user action; without being told, an
    // output-available with nothing after it is the browser's, an output-error the backend's.
    // BIDI Pattern B: an approved browser tool's output goes as a tool_result frame instead.
    if ((state === 'output-available' || state === 'output-error') && !(!patternA && isFrontend && answer === true)) {
      if (state === 'output-available' || browserOutputs.has(part.toolCallId)) outputId = part.toolCallId;
    }
    return { answerId, outputId };
  }

  return {
    sendAutomaticallyWhen(arg) {
      let present;
      try {
        present = evaluate(arg);
      } catch {
        return false;
      }
      if (present === null) return false;
      const { answerId, outputId } = present;
      const send = (answerId !== null && answerId !== sentAnswer) || (outputId !== null && outputId !== sentOutput);
      // Remember what is sent; what left the last message is forgotten (it cannot come back).
      sentAnswer = answerId;
      sentOutput = outputId;
      return send;
    },
    markBrowserOutput(toolCallId) {
      browserOutputs.add(toolCallId);
    },
    reset() {
      sentAnswer = null;
      sentOutput = null;
      browserOutputs.clear();
    },
  };
}

const NOTHING = Object.freeze({ answerId: null, outputId: null });
