// The module's frontend-tool registry (SPEC §7's drop-in names): which tools run in the browser,
// their category, and whether the browser may run them only after the user approves. It is the
// one documented module-global instance the drop-in names require; per-chat code passes
// `frontendTools` to `createAutoSend` instead. It holds data and no rule: the engine receives
// what it needs of it as flags in each tool part's record (records.js).
import { invalidTool } from '../words/words.js';
import { describeValue, field as fieldOf, invalidArgument, optionalString as stringField, shown } from '../errors/arguments.js';

/**
 * A frontend tool's category.
 * @typedef {'geolocation' | 'camera' | 'microphone' | 'notification' | 'clipboard' | 'other'} FrontendToolCategory
 */

/**
 * A tool that runs in the browser, as the registry holds it.
 * @typedef {object} FrontendExecuteTool
 * @property {string} name
 * @property {FrontendToolCategory} category
 * @property {string} [description]
 * @property {boolean} [requiresApproval] Default true: the browser never runs the tool without an approving answer.
 */

/**
 * The frontend-tool categories (SPEC §7).
 * @type {ReadonlyArray<FrontendToolCategory>}
 */
export const TOOL_CATEGORIES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['geolocation', 'camera', 'microphone', 'notification', 'clipboard', 'other']),
);

/**
 * The default registry of SPEC §1: `get_location`, `take_photo`, `get_camera`.
 * @returns {Map<string, Entry>}
 */
function defaults() {
  return new Map(
    /** @type {Array<[string, FrontendToolCategory, string]>} */ ([
      ['get_location', 'geolocation', "The user's position from the browser's geolocation"],
      ['take_photo', 'camera', "A photo from the user's camera"],
      ['get_camera', 'camera', "Access to the user's camera"],
    ]).map(([name, category, description]) => [name, { name, category, description, requiresApproval: true }]),
  );
}

/** @typedef {{name: string, category: FrontendToolCategory, description?: string, requiresApproval: boolean}} Entry */

/** @type {Map<string, Entry>} */
let tools = defaults();

/** Changes with every registration and reset, so engines know when to look their tools up again. */
export let registryVersion = 0;

/** The registry's entry of `name`, or undefined. */
export function registryEntry(/** @type {string} */ name) {
  return tools.get(name);
}

/** @param {Entry} tool @returns {FrontendExecuteTool} */
function copy(tool) {
  /** @type {FrontendExecuteTool} */
  const entry = { name: tool.name, category: tool.category };
  if (tool.description !== undefined) entry.description = tool.description;
  entry.requiresApproval = tool.requiresApproval;
  return entry;
}

const F = 'registerFrontendExecuteTool';

const field = (/** @type {unknown} */ object, /** @type {string} */ key) => fieldOf(F, object, key);
const optionalString = (/** @type {unknown} */ object, /** @type {string} */ key, /** @type {string} */ expected) =>
  stringField(F, object, key, expected);

/** @param {string} name @returns {FrontendToolCategory} */
function category(name) {
  if (!TOOL_CATEGORIES.includes(/** @type {any} */ (name))) {
    throw invalidTool(
      `registerFrontendExecuteTool(): category '${shown(name)}' is not known; expected one of ${TOOL_CATEGORIES.join(', ')}.`,
    );
  }
  return /** @type {FrontendToolCategory} */ (name);
}

/**
 * `registerFrontendExecuteTool({name, category, description?, requiresApproval?})`.
 * @param {FrontendExecuteTool} tool
 */
export function registerFrontendExecuteTool(tool) {
  if (tool === null || typeof tool !== 'object') {
    throw invalidArgument(F, `the tool is ${describeValue(tool)}`, '{name, category, description?}');
  }
  const name = optionalString(tool, 'name', "the tool's name");
  if (name === undefined) throw invalidArgument(F, '`name` is missing', "the tool's name as the backend calls it");
  const kind = category(optionalString(tool, 'category', 'a category string') ?? 'other');
  const description = optionalString(tool, 'description', 'a string');
  let requiresApproval = field(tool, 'requiresApproval');
  if (requiresApproval === undefined) requiresApproval = true;
  else if (typeof requiresApproval !== 'boolean') {
    throw invalidArgument(F, `\`requiresApproval\` is ${describeValue(requiresApproval)}`, 'true or false');
  }
  if (name.trim() === '') {
    throw invalidTool("registerFrontendExecuteTool(): `name` is empty; expected the tool's name as the backend calls it.");
  }
  // Re-registering a name replaces its entry in place (how an app changes a default's category).
  tools.set(name, { name, category: kind, description, requiresApproval });
  registryVersion++;
}

/** Whether `name` is in the registry. */
export function isFrontendExecuteTool(/** @type {string} */ name) {
  return typeof name === 'string' && tools.has(name);
}

/** @returns {FrontendExecuteTool[]} */
export function getFrontendExecuteTools() {
  return Array.from(tools.values(), copy);
}

/** @param {FrontendToolCategory} name @returns {FrontendExecuteTool[]} */
export function getFrontendExecuteToolsByCategory(name) {
  if (typeof name !== 'string') {
    throw invalidArgument('getFrontendExecuteToolsByCategory', `category is ${describeValue(name)}`, 'a category string');
  }
  const wanted = category(name);
  return getFrontendExecuteTools().filter((tool) => tool.category === wanted);
}

/** Back to the default registry (`get_location`, `take_photo`, `get_camera`). */
export function resetFrontendExecuteTools() {
  tools = defaults();
  registryVersion++;
}

/**
 * The registry entry of one tool, or `undefined`.
 * @param {string} name @returns {FrontendExecuteTool | undefined}
 */
export function getFrontendExecuteTool(name) {
  const tool = typeof name === 'string' ? tools.get(name) : undefined;
  return tool && copy(tool);
}
