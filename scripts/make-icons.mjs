// Draws the app's icons (a receipt with a check mark on a blue tile) as PNGs, so that no image editor or
// binary of unknown origin is needed: resources/build/icon.png (512 px; electron-builder makes the .ico and
// .icns from it) and resources/icons/tray.png (+ @2x). Run `node scripts/make-icons.mjs` after a change.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) row.set(pixel((x + 0.5) / size, (y + 0.5) / size), 1 + x * 4);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const BLUE = [29, 53, 87, 255];
const WHITE = [255, 255, 255, 255];
const LINE = [154, 164, 181, 255];
const GREEN = [42, 157, 143, 255];
const CLEAR = [0, 0, 0, 0];
const inRoundedSquare = (x, y, r) => {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  return dx * dx + dy * dy <= r * r;
};
const nearSegment = (x, y, [ax, ay], [bx, by], width) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= width;
};

/** One point of the icon, in unit coordinates. */
function icon(x, y) {
  if (!inRoundedSquare(x, y, 0.18)) return CLEAR;
  const check = nearSegment(x, y, [0.5, 0.62], [0.6, 0.72], 0.035) || nearSegment(x, y, [0.6, 0.72], [0.8, 0.46], 0.035);
  if (check) return GREEN;
  const onReceipt = x > 0.27 && x < 0.73 && y > 0.18 && y < 0.82 - (Math.floor(x * 20) % 2 === 0 ? 0.03 : 0); // torn bottom edge
  if (!onReceipt) return BLUE;
  const lines = [0.3, 0.39, 0.48].some((ly) => Math.abs(y - ly) < 0.018) && x > 0.33 && x < 0.67;
  return lines ? LINE : WHITE;
}

const out = [
  ['resources/build/icon.png', 512],
  ['resources/icons/tray.png', 32],
  ['resources/icons/tray@2x.png', 64],
];
for (const [file, size] of out) {
  mkdirSync(dirname(join(ROOT, file)), { recursive: true });
  writeFileSync(join(ROOT, file), png(size, icon));
  console.log(`${file}: ${size}x${size}`);
}
