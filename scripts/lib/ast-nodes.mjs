// Walks a parsed module (rolldown's parseAst, an ESTree): the build's production words
// (production-words.mjs) and the size check (tools/check-sizes.mjs) read the same way.

/** Every node below `node`, depth first. */
export function* nodes(node) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodes(child);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const key in node) if (key !== 'type' && key !== 'start' && key !== 'end') yield* nodes(node[key]);
}
