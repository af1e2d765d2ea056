// Reads a WebAssembly module's binary as the build's scripts need it (dead-data.mjs reads its data
// segments, short-exports.mjs rewrites its export section): unsigned LEB128 numbers, and the walk
// over the sections that follow the 8-byte header (magic and version).

/** An unsigned LEB128 at `at`: `[value, next offset]`. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 127) * 2 ** shift;
    shift += 7;
  } while (byte & 128);
  return [value, at];
}

/** The module's sections in order: `{id, at (its id byte), body (its contents), end}`. */
export function* sectionsOf(bytes) {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    yield { id, at, body, end: body + size };
    at = body + size;
  }
}
