/**
 * CRC-32 (the ZIP one), continuing from `previous` so that a long text can be summed as it is produced.
 * node:zlib has it natively from Node 20.15 on; the table version serves older Node 20 releases.
 */
import * as zlib from 'node:zlib';

let table: Uint32Array | undefined;

function tableCrc32(data: Uint8Array, previous: number): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

export function crc32(data: Uint8Array, previous = 0): number {
  return native ? native(data, previous) : tableCrc32(data, previous);
}

/** The table version, exported for the test that checks both agree. */
export { tableCrc32 };
