/**
 * Which IP addresses a webhook may reach. Everything that is not plain public unicast is refused:
 * loopback, private, link-local, CGNAT, documentation, benchmarking, multicast and reserved ranges, and
 * IPv6 forms that embed such an IPv4 address (IPv4-mapped and -translated, IPv4-compatible, NAT64 of the
 * well-known and the local-use prefix, 6to4, Teredo, ISATAP), because an attacker picks whichever spelling
 * slips past a naive check.
 */
import { isIP } from 'node:net';

type Range4 = readonly [number, number]; // base, prefix length

const NON_PUBLIC_V4: Range4[] = [
  [ip4('0.0.0.0'), 8], // "this network", includes 0.0.0.0
  [ip4('10.0.0.0'), 8],
  [ip4('100.64.0.0'), 10], // CGNAT
  [ip4('127.0.0.0'), 8],
  [ip4('169.254.0.0'), 16], // link-local (cloud metadata lives here)
  [ip4('172.16.0.0'), 12],
  [ip4('192.0.0.0'), 24],
  [ip4('192.0.2.0'), 24],
  [ip4('192.88.99.0'), 24],
  [ip4('192.168.0.0'), 16],
  [ip4('198.18.0.0'), 15],
  [ip4('198.51.100.0'), 24],
  [ip4('203.0.113.0'), 24],
  [ip4('224.0.0.0'), 4], // multicast
  [ip4('240.0.0.0'), 4], // reserved and broadcast
];

function ip4(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inRange4(value: number, [base, bits]: Range4): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(base / size);
}

function isPublic4(value: number): boolean {
  return !NON_PUBLIC_V4.some((range) => inRange4(value, range));
}

/** The 8 16-bit groups of an IPv6 address (zone id dropped; a trailing dotted IPv4 part expanded). */
function groups6(text: string): number[] {
  let address = text.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v = ip4(dotted[1]!);
    address = `${address.slice(0, dotted.index)}${Math.floor(v / 65536).toString(16)}:${(v % 65536).toString(16)}`;
  }
  const [head, tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address in bytes `at` (4 indexes) of an IPv6 address's 16 bytes. */
function v4At(bytes: number[], at: readonly number[]): number {
  return at.reduce((n, i) => n * 256 + bytes[i]!, 0);
}

/**
 * RFC 6052 layouts of an IPv4 address inside a NAT64 prefix, by prefix length: where its four bytes sit
 * (byte 8, the "u" octet, is always skipped) and which bytes must be zero for the layout to apply.
 */
const NAT64_LAYOUTS: { at: readonly number[]; zero: readonly number[] }[] = [
  { at: [6, 7, 9, 10], zero: [8, 11, 12, 13, 14, 15] }, // /48
  { at: [7, 9, 10, 11], zero: [8, 12, 13, 14, 15] }, // /56
  { at: [9, 10, 11, 12], zero: [8, 13, 14, 15] }, // /64
  { at: [12, 13, 14, 15], zero: [6, 7, 8, 9, 10, 11] }, // /96
];

/**
 * The local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) may be cut at /48 to /96, and which one a network
 * uses is not written in the address: every layout the address fits is checked, and an address that fits
 * none is refused, so no reading of it reaches a private IPv4.
 */
function isPublicLocalNat64(bytes: number[]): boolean {
  const fits = NAT64_LAYOUTS.filter((layout) => layout.zero.every((i) => bytes[i] === 0));
  return fits.length > 0 && fits.every((layout) => isPublic4(v4At(bytes, layout.at)));
}

/**
 * Judges an IPv6 address. Forms that carry an IPv4 address are judged by that address (and Teredo by both
 * of its: the relay server's and the client's, which is stored inverted), because an attacker picks
 * whichever spelling of 127.0.0.1 slips past a naive check.
 */
function isPublic6(text: string): boolean {
  const g = groups6(text);
  const bytes = g.flatMap((x) => [x >> 8, x & 0xff]);
  const embedded4 = (hi: number, lo: number) => hi * 65536 + lo;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return false; // ::
  if (zeros(0, 5) && g[5] === 0xffff) return isPublic4(embedded4(g[6]!, g[7]!)); // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return isPublic4(embedded4(g[6]!, g[7]!)); // ::ffff:0:a.b.c.d (IPv4-translated)
  if (zeros(0, 6)) return false; // ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublic4(embedded4(g[6]!, g[7]!)); // NAT64 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return isPublicLocalNat64(bytes); // local-use NAT64
  if (g[0] === 0x2002) return isPublic4(embedded4(g[1]!, g[2]!)); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) { // Teredo 2001::/32: server IPv4, then the client's with every bit inverted
    return isPublic4(embedded4(g[2]!, g[3]!)) && isPublic4(embedded4(g[6]! ^ 0xffff, g[7]! ^ 0xffff));
  }
  // ISATAP interface identifier (::0:5efe:a.b.c.d or ::200:5efe:a.b.c.d) under any prefix.
  if ((g[4]! & 0xfcff) === 0 && g[5] === 0x5efe && !isPublic4(embedded4(g[6]!, g[7]!))) return false;
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return false; // fec0::/10 old site-local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (first === 0x0100 && zeros(1, 4)) return false; // discard-only 100::/64
  return true;
}

/** Whether `address` (an IP literal, IPv4 or IPv6, without brackets) is public unicast. */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address.replace(/%.*$/, ''));
  if (kind === 4) return isPublic4(ip4(address));
  if (kind === 6) return isPublic6(address);
  return false; // not an address at all: never "public"
}
