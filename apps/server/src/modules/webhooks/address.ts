import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

/**
 * The guard against webhooks aimed inside the supplier's network (decision 231): an endpoint's host, literal or
 * a DNS name, must resolve only to addresses on the internet, at creation and again at every delivery, where the
 * connection is made to the very address that was checked (a name that resolved to the internet when it was
 * registered and to 127.0.0.1 later — DNS rebinding — is refused before a byte is sent).
 */

/** Resolves a host name to every address it has (A and AAAA); the config may give another (tests). */
export type HostLookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const systemLookup: HostLookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/** A name that does not resolve in this long is treated as not found (getaddrinfo has no timeout of its own). */
const LOOKUP_TIMEOUT_MS = 5_000;

type Range = [bits: bigint, prefix: number];

function v4Bits(ip: string): bigint {
  return ip.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6Bits(ip: string): bigint {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  // A trailing dotted quad (::ffff:127.0.0.1) is two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const v4 = v4Bits(quad[1]!);
    text = `${text.slice(0, -quad[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const v4Ranges: Range[] = (
  [
    ['0.0.0.0', 8], // "this" network
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local (cloud metadata lives here)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['192.88.99.0', 24], // 6to4 relay
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved and broadcast
  ] as const
).map(([ip, prefix]) => [v4Bits(ip), prefix]);

const v6Ranges: Range[] = (
  [
    ['::', 96], // unspecified, loopback, IPv4-compatible
    ['64:ff9b:1::', 48], // local-use NAT64
    ['100::', 64], // discard
    ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
    ['2001:db8::', 32], // documentation
    ['3fff::', 20], // documentation
    ['5f00::', 16], // segment routing
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated)
    ['ff00::', 8], // multicast
  ] as const
).map(([ip, prefix]) => [v6Bits(ip), prefix]);

const inRange = (bits: bigint, width: number, [net, prefix]: Range) =>
  bits >> BigInt(width - prefix) === net >> BigInt(width - prefix);

/** The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:ab:cd::). */
function embeddedV4(bits: bigint): bigint | null {
  if (bits >> 32n === 0xffffn) return bits & 0xffffffffn;
  if (bits >> 32n === v6Bits('64:ff9b::') >> 32n) return bits & 0xffffffffn;
  if (bits >> 112n === 0x2002n) return (bits >> 80n) & 0xffffffffn;
  return null;
}

export type AddressKind = 'internet' | 'loopback' | 'internal';

/** What an IP address is: on the internet, this machine's loopback, or another internal network. */
export function addressKind(ip: string): AddressKind {
  const family = isIP(ip.replace(/^\[|\]$/g, ''));
  const bare = ip.replace(/^\[|\]$/g, '');
  if (family === 4) {
    const bits = v4Bits(bare);
    if (inRange(bits, 32, [v4Bits('127.0.0.0'), 8])) return 'loopback';
    return v4Ranges.some((r) => inRange(bits, 32, r)) ? 'internal' : 'internet';
  }
  if (family === 6) {
    const bits = v6Bits(bare);
    if (bits === 1n) return 'loopback';
    const v4 = embeddedV4(bits);
    if (v4 !== null) {
      const quad = [24n, 16n, 8n, 0n].map((s) => String((v4 >> s) & 0xffn)).join('.');
      return addressKind(quad);
    }
    return v6Ranges.some((r) => inRange(bits, 128, r)) ? 'internal' : 'internet';
  }
  return 'internal'; // not an address at all: never connect to it
}

/** Whether an address may be connected to: the internet, or the loopback when WEBHOOK_ALLOW_LOCAL is on. */
export const addressAllowed = (ip: string, allowLocal: boolean) => {
  const kind = addressKind(ip);
  return kind === 'internet' || (kind === 'loopback' && allowLocal);
};

/** Why a host was refused: it resolves inside (`internal`) or does not resolve at all (`unknown`). */
export type HostRefusal = 'internal' | 'unknown';

async function resolve(lookup: HostLookup, host: string) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ETIMEOUT')), LOOKUP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup(host), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks an endpoint's host when it is registered: every address it resolves to must be allowed (one internal
 * address among public ones is enough to refuse: the resolver may hand out either).
 */
export async function hostRefused(url: string, allowLocal: boolean, lookup: HostLookup): Promise<HostRefusal | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return addressAllowed(host, allowLocal) ? null : 'internal';
  let addresses: Array<{ address: string }>;
  try {
    addresses = await resolve(lookup, host);
  } catch {
    return 'unknown';
  }
  if (addresses.length === 0) return 'unknown';
  return addresses.every((a) => addressAllowed(a.address, allowLocal)) ? null : 'internal';
}

/** Whether the address names its host by an IP literal that is not allowed (told apart for a clearer message). */
export function literalInternal(url: string, allowLocal: boolean): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return isIP(host) !== 0 && !addressAllowed(host, allowLocal);
  } catch {
    return false;
  }
}

/** The error a refused delivery records: the receiver never sees the request. */
export class InternalAddressError extends Error {
  code = 'EADDRINTERNAL';
  constructor(host: string, address: string) {
    super(`${host} resolves to the internal address ${address}`);
  }
}

/**
 * A `lookup` for node's http(s).request: resolves the host with `lookup`, refuses the connection when any of
 * its addresses is internal, and hands the socket exactly the addresses it checked — so no second resolution
 * can slip an internal address in between the check and the connection.
 */
export function guardedLookup(lookup: HostLookup, allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
    resolve(lookup, hostname).then(
      (found) => {
        const family = typeof options === 'object' && options.family ? Number(options.family) : 0;
        const usable = found.filter((a) => !family || a.family === family);
        const bad = found.find((a) => !addressAllowed(a.address, allowLocal));
        if (bad) return done(new InternalAddressError(hostname, bad.address), '');
        if (usable.length === 0)
          return done(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), '');
        if (typeof options === 'object' && options.all) return done(null, usable);
        return done(null, usable[0]!.address, usable[0]!.family);
      },
      (err: Error) => done(err, ''),
    );
  };
}
