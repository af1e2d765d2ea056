// A tool part's name (SPEC §1), read the same way by every helper.

/**
 * The tool name in a part `type` (SPEC §1): `tool-x` gives `x`; any other type (`dynamic-tool`,
 * `text`, a bare `tool-`) gives undefined.
 * @param {unknown} type @returns {string | undefined}
 */
export function toolNameFromType(type) {
  return typeof type === 'string' && type.length > 5 && type.startsWith('tool-') ? type.slice(5) : undefined;
}

/**
 * A tool part's name (SPEC §1): `toolName` when it is a non-empty string, else the name in `type`.
 * @param {any} part @returns {string}
 */
export function toolNameOf(part) {
  const { toolName } = part;
  return typeof toolName === 'string' && toolName !== '' ? toolName : (toolNameFromType(part.type) ?? '');
}
