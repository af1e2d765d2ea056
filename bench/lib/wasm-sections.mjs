// Just enough of the WebAssembly binary format to say what a module is made of: its sections'
// sizes, the size of each function body and data segment, and the names in a `name` section.
// Used to put names from a build with names kept on the items of the shipped (stripped) module.
const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count', 'tag'];

function reader(bytes, at = 0) {
  const r = {
    at,
    u8: () => bytes[r.at++],
    u32() {
      let result = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[r.at++];
        result += (b & 0x7f) * 2 ** shift;
        if ((b & 0x80) === 0) return result;
        shift += 7;
      }
    },
    name() {
      const length = r.u32();
      const text = Buffer.from(bytes.subarray(r.at, r.at + length)).toString('utf8');
      r.at += length;
      return text;
    },
  };
  return r;
}

/** Skips one import's description (after module and field names). */
function importKind(r) {
  const kind = r.u8();
  if (kind === 0) r.u32(); // function: type index
  else if (kind === 1) {
    r.u8(); // table: reftype, limits
    const flags = r.u8();
    r.u32();
    if (flags & 1) r.u32();
  } else if (kind === 2) {
    const flags = r.u8(); // memory: limits
    r.u32();
    if (flags & 1) r.u32();
  } else if (kind === 3) {
    r.u8(); // global: valtype, mutability
    r.u8();
  } else if (kind === 4) {
    r.u8(); // tag: attribute, type index
    r.u32();
  }
  return kind;
}

function nameMap(r, end) {
  const names = new Map();
  const count = r.u32();
  for (let i = 0; i < count && r.at < end; i++) {
    const index = r.u32();
    names.set(index, r.name());
  }
  return names;
}

/**
 * `{sections: [{id, kind, name?, size}], exports: [name], functionImports, bodies: [size], segments: [size],
 *   functionNames: Map(index → name), dataNames: Map(index → name)}`.
 */
export function readModule(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error('not a WebAssembly module');
  const r = reader(bytes, 8);
  const out = { sections: [], exports: [], functionImports: 0, bodies: [], segments: [], functionNames: new Map(), dataNames: new Map() };
  while (r.at < bytes.length) {
    const id = r.u8();
    const size = r.u32();
    const start = r.at;
    const end = start + size;
    const section = { id, kind: SECTION[id] || `unknown ${id}`, size };
    if (id === 0) {
      section.name = r.name();
      if (section.name === 'name') {
        while (r.at < end) {
          const sub = r.u8();
          const subSize = r.u32();
          const subEnd = r.at + subSize;
          if (sub === 1) out.functionNames = nameMap(r, subEnd);
          else if (sub === 9) out.dataNames = nameMap(r, subEnd);
          r.at = subEnd;
        }
      }
    } else if (id === 2) {
      const count = r.u32();
      for (let i = 0; i < count; i++) {
        r.name();
        r.name();
        if (importKind(r) === 0) out.functionImports++;
      }
    } else if (id === 7) {
      const count = r.u32();
      for (let i = 0; i < count; i++) {
        const name = r.name();
        r.u8();
        r.u32();
        out.exports.push(name);
      }
    } else if (id === 10) {
      const count = r.u32();
      for (let i = 0; i < count; i++) {
        const bodySize = r.u32();
        out.bodies.push(bodySize);
        r.at += bodySize;
      }
    } else if (id === 11) {
      // Segment sizes are only needed to match two builds; their headers are skipped by size.
      const count = r.u32();
      for (let i = 0; i < count; i++) {
        const flags = r.u32();
        if (flags === 2) r.u32();
        if (flags === 0 || flags === 2) {
          // constant offset expression, up to `end`
          while (bytes[r.at] !== 0x0b) r.at++;
          r.at++;
        }
        const length = r.u32();
        out.segments.push(length);
        r.at += length;
      }
    }
    out.sections.push(section);
    r.at = end;
  }
  return out;
}

/** Whether two builds have the same code and data item by item (so names carry over by index). */
export function sameLayout(a, b) {
  const equal = (x, y) => x.length === y.length && x.every((v, i) => v === y[i]);
  return a.functionImports === b.functionImports && equal(a.bodies, b.bodies) && equal(a.segments, b.segments);
}
