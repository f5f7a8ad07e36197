/**
 * Which network addresses Kawan refuses to fetch from: everything that is not the public internet
 * (private networks, loopback, link-local with the cloud metadata service at 169.254.169.254,
 * carrier-grade NAT, multicast, reserved and documentation ranges), in IPv4 and IPv6, including
 * IPv4 addresses carried inside IPv6 ones (mapped, translated, NAT64, 6to4).
 *
 * The input is a resolved numeric address, as DNS or a literal URL host gives it. Anything that is
 * not a canonical IPv4 dotted quad or an IPv6 address (`0x7f.1`, `2130706433`, `017700000001`,
 * a hostname) counts as private: the check fails closed. Pure, no I/O.
 *
 * Used by every request to an address a team typed (knowledge URLs, model servers, the webhook
 * channel's outbound URL). A caller that checks a name's addresses then connects with
 * `pinnedLookup`, so that DNS cannot answer differently between the check and the connect.
 */
import type { LookupAddress } from 'node:dns';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';

/** DNS resolution: every address a hostname has (node's `dns.lookup` with `all`, or a test's table). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** A node:http `lookup` that answers the addresses already checked, whatever the name resolves to now. */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}

type Range = readonly [prefix: readonly number[], bits: number];

/** IPv4 ranges as [bytes, prefix length]. */
const privateV4: readonly Range[] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation (TEST-NET-1)
  [[192, 88, 99, 0], 24], // 6to4 relay anycast (deprecated)
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation (TEST-NET-2)
  [[203, 0, 113, 0], 24], // documentation (TEST-NET-3)
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and 255.255.255.255 broadcast
];

/** IPv6 ranges refused whatever they carry. */
const privateV6: readonly Range[] = [
  [[], 96], // ::/96: unspecified ::, loopback ::1, deprecated IPv4-compatible addresses
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48], // 64:ff9b:1::/48 local-use NAT64
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // 100::/64 discard-only
  [[0x20, 0x01, 0x00, 0x00], 32], // 2001::/32 Teredo tunnels
  [[0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48], // 2001:2::/48 benchmarking
  [[0x20, 0x01, 0x0d, 0xb8], 32], // 2001:db8::/32 documentation
  [[0x3f, 0xff], 20], // 3fff::/20 documentation
  [[0xfc], 7], // fc00::/7 unique local
  [[0xfe, 0x80], 10], // fe80::/10 link-local
  [[0xfe, 0xc0], 10], // fec0::/10 site-local (deprecated)
  [[0xff], 8], // ff00::/8 multicast
];

/** IPv6 ranges that carry an IPv4 address: the address is as private as the IPv4 one it carries. */
const embeddingV6: ReadonlyArray<{ range: Range; v4At: number }> = [
  { range: [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96], v4At: 12 }, // ::ffff:a.b.c.d mapped
  { range: [[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96], v4At: 12 }, // ::ffff:0:a.b.c.d translated
  { range: [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96], v4At: 12 }, // 64:ff9b::/96 NAT64
  { range: [[0x20, 0x02], 16], v4At: 2 }, // 2002::/16 6to4
];

/** Whether Kawan must not connect to `ip` (true for anything that is not a well-formed public IP address). */
export function isPrivateAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return inAny(v4, privateV4);
  const v6 = parseIPv6(ip);
  if (!v6) return true;
  if (inAny(v6, privateV6)) return true;
  for (const { range, v4At } of embeddingV6) {
    if (inRange(v6, range)) return inAny(v6.subarray(v4At, v4At + 4), privateV4);
  }
  return false;
}

function inAny(bytes: Uint8Array, ranges: readonly Range[]): boolean {
  return ranges.some((range) => inRange(bytes, range));
}

function inRange(bytes: Uint8Array, [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8] & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** A canonical dotted quad (node's isIPv4: four decimal parts, no leading zeros) as 4 bytes. */
function parseIPv4(ip: string): Uint8Array | undefined {
  if (!isIPv4(ip)) return undefined;
  return Uint8Array.from(ip.split('.'), Number);
}

/** An IPv6 address (a zone `%eth0` is dropped, a trailing dotted quad allowed) as 16 bytes. */
function parseIPv6(input: string): Uint8Array | undefined {
  const ip = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  if (!isIPv6(ip)) return undefined;
  let text = ip.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseIPv4(dotted[1]);
    if (!v4) return undefined;
    const high = ((v4[0] << 8) | v4[1]).toString(16);
    const low = ((v4[2] << 8) | v4[3]).toString(16);
    text = `${text.slice(0, -dotted[1].length)}${high}:${low}`;
  }
  const [head, tail] = text.split('::');
  const headWords = head ? head.split(':') : [];
  const tailWords = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headWords.length - tailWords.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const words = [...headWords, ...Array<string>(missing).fill('0'), ...tailWords];
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    const value = Number.parseInt(word, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}
