// A browser tool's run for one claimed call (createAdk claims them; src/runner.rs decides which and
// when): its executor (the chat's own tools, else the drop-in executor registry, where get_location
// runs as getLocation), and what the executor gave or threw as the part's output or errorText.
// Loaded when a chat first runs a browser tool: an app whose chats never run one downloads neither
// this nor the executor registry.
import { getLocation } from '../geolocation.js';
import { messageOf } from '../errors/arguments.js';
import { executeGetLocation, getToolExecutor, hasToolExecutor, runToolExecutor } from '../drop-in/executors.js';

// A tool of the drop-in executor registry (get_location built in), called as the old helpers
// did, `(input, deps) => {success, output?, error?}`, and adapted to the runner's contract: the
// output, or a throw whose message becomes the part's errorText.
/** @param {string} name @returns {(input: any) => Promise<unknown>} */
function registryExecutor(name) {
  return async (input) => {
    // The built-in get_location, unless the app registered its own: getLocation() gives each
    // failure its own errorText (SPEC §6, F13), where the drop-in executeGetLocation() keeps the
    // old helper's words ("Geolocation failed").
    if (name === 'get_location' && getToolExecutor(name) === executeGetLocation) return getLocation();
    const result = await runToolExecutor(name, input, {});
    if (result.success) return result.output;
    throw new Error(typeof result.error === 'string' && result.error !== '' ? result.error : `${name} failed without an error text.`);
  };
}

/**
 * The executor of `name`: the chat's own `tools` first, then the registry's.
 * @param {Record<string, any>} tools @param {string} name
 * @returns {((input: any, options: {toolCallId: string, toolName: string}) => unknown) | null}
 */
function executorFor(tools, name) {
  const own = tools[name];
  if (own && typeof own.execute === 'function') return own.execute;
  if (typeof own === 'function') return own;
  // Only tool calls the runner claimed get here (the chat's own tools and the frontend-tool
  // registry's), so a registry executor such as change_bgm never runs for a chat that did not
  // make it a browser tool.
  return hasToolExecutor(name) ? registryExecutor(name) : null;
}

/**
 * What the part of the claimed `call` gets: `{output}`, or `{state: 'output-error', errorText}`
 * when the call was refused, has no executor, or its executor threw (told to `onToolError` too).
 * `input` is the part's input when the call was claimed.
 * @param {import('../index.js').ToolCallClaim} call @param {unknown} input @param {Record<string, any>} tools
 * @param {((error: unknown, call: import('../index.js').ToolCallClaim) => void) | undefined} onToolError
 * @returns {Promise<{output: unknown} | {state: 'output-error', errorText: string}>}
 */
export async function toolResult(call, input, tools, onToolError) {
  const { toolCallId, toolName } = call;
  if (call.run === 'refused') {
    return {
      state: 'output-error',
      errorText: `${toolName} requires the user's approval, but the backend called it without an approval request; it was not run.`,
    };
  }
  const execute = executorFor(tools, toolName);
  if (!execute) return { state: 'output-error', errorText: `No browser executor is registered for ${toolName}.` };
  try {
    return { output: await execute(input, { toolCallId, toolName }) };
  } catch (error) {
    if (typeof onToolError === 'function') onToolError(error, call);
    return { state: 'output-error', errorText: messageOf(error) };
  }
}
