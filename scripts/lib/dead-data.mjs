// Zeroes the data the optimized core module can no longer reach, so that wasm-opt's memory packing
// drops it. The linker keeps each piece of read-only data that some code refers to; wasm-opt then
// removes that code (core::fmt, which only the allocation-failure panic reached: a trap needs no
// message), but it never removes data, since the memory is exported. Left: the 200-byte table of
// decimal digits (about 180 B gzip of the module's hex).
//
//   node scripts/lib/dead-data.mjs LINK_MAP MODULE.wasm WASM_DIS
//
// LINK_MAP is wasm-ld's map (`-C link-arg=--Map=…`): where each piece of data (one input section,
// one object) lies. An object is kept when a constant of the optimized code (an `i32.const`, either
// half of an `i64.const`, a load's or store's offset) or a word of a kept object points into it, or
// just past its end where no other object starts there. Anything else is zeroed in place.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { readLeb, sectionsOf } from './wasm-sections.mjs';

const [mapPath, wasmPath, wasmDis] = process.argv.slice(2);
if (!wasmDis) {
  console.error('usage: dead-data.mjs LINK_MAP MODULE.wasm WASM_DIS');
  process.exit(2);
}

/** The data objects of the map: `{start, end}` of each input section in the DATA section. */
function objectsOf(map) {
  const objects = [];
  let inData = false;
  for (const line of map.split('\n')) {
    const m = /^\s*([0-9a-f]+|-)\s+[0-9a-f]+\s+([0-9a-f]+)\s+(.*)$/.exec(line);
    if (!m) continue;
    if (m[1] === '-') {
      inData = m[3] === 'DATA';
      continue;
    }
    // Input sections name their file and section (`file.o:(.rodata…)`, `<internal>:(.rodata)`).
    if (inData && m[3].includes(':(')) {
      const start = parseInt(m[1], 16);
      objects.push({ start, end: start + parseInt(m[2], 16), name: m[3].replace(/^.*:\(/, '(') });
    }
  }
  return objects;
}

/** Every number the code may use as an address (binaryen's text of the module, data left out). */
function constantsOf(text) {
  const found = new Set();
  for (const line of text.split('\n')) {
    if (line.startsWith(' (data ')) continue;
    for (const [, n] of line.matchAll(/i32\.const (-?\d+)/g)) found.add(Number(n) >>> 0);
    for (const [, n] of line.matchAll(/offset=(\d+)/g)) found.add(Number(n));
    for (const [, n] of line.matchAll(/i64\.const (-?\d+)/g)) {
      const v = BigInt.asUintN(64, BigInt(n));
      found.add(Number(v & 0xffffffffn));
      found.add(Number(v >> 32n));
    }
  }
  return found;
}

/** The active data segments: `{address, at (file offset of its bytes), length}`. */
function segmentsOf(bytes) {
  const DATA = 11;
  const data = [...sectionsOf(bytes)].find((section) => section.id === DATA);
  if (!data) return [];
  const segments = [];
  let [count, p] = readLeb(bytes, data.body);
  for (; count > 0; count--) {
    let flags;
    [flags, p] = readLeb(bytes, p);
    if (flags !== 0 || bytes[p] !== 0x41) throw new Error(`dead-data: a data segment of a kind this script does not read (flags ${flags})`);
    let address;
    [address, p] = readLeb(bytes, p + 1); // i32.const (the addresses here are positive and below 2^31)
    if (bytes[p] !== 0x0b) throw new Error('dead-data: a data segment whose offset is not one i32.const');
    let length;
    [length, p] = readLeb(bytes, p + 1);
    segments.push({ address, at: p, length });
    p += length;
  }
  return segments;
}

const bytes = readFileSync(wasmPath);
const objects = objectsOf(readFileSync(mapPath, 'utf8'));
const segments = segmentsOf(bytes);
const starts = new Set(objects.map((o) => o.start));
const byteAt = (address) => {
  for (const s of segments) if (address >= s.address && address < s.address + s.length) return bytes[s.at + address - s.address];
  return 0;
};
const pointsInto = (c, o) => (c >= o.start && c < o.end) || (c === o.end && !starts.has(c));

const live = new Set();
let pointers = [...constantsOf(execFileSync(wasmDis, [wasmPath], { encoding: 'utf8', maxBuffer: 64 << 20 }))];
while (pointers.length > 0) {
  const next = [];
  for (const o of objects) {
    if (live.has(o) || !pointers.some((c) => pointsInto(c, o))) continue;
    live.add(o);
    // A kept object's words may point at other objects (a panic location names its file).
    for (let a = o.start; a + 4 <= o.end; a++) next.push((byteAt(a) | (byteAt(a + 1) << 8) | (byteAt(a + 2) << 16) | (byteAt(a + 3) << 24)) >>> 0);
  }
  pointers = next;
}

let zeroed = 0;
for (const o of objects) {
  if (live.has(o)) continue;
  for (const s of segments) {
    for (let a = Math.max(o.start, s.address); a < Math.min(o.end, s.address + s.length); a++, zeroed++) bytes[s.at + a - s.address] = 0;
  }
  console.log(`dead-data: zeroed ${o.end - o.start} B at ${o.start.toString(16)} ${o.name}`);
}
if (zeroed > 0) writeFileSync(wasmPath, bytes);
