import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const PRIVATE_TARGET =
  'This URL points to a private, loopback or link-local address, which webhooks cannot reach.';

/**
 * Whether an address may receive webhooks in production: only global unicast. Private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), loopback, link-local (169.254/16 with the cloud metadata service, fe80::/10), carrier NAT,
 * multicast, reserved, unspecified and the IPv6 forms that embed an IPv4 address (6to4, Teredo, NAT64) are not.
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/** Every address the URL's host resolves to (a literal IP is itself). */
export async function addressesOf(url: URL): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return [host];
  return (await resolveAll(host)).map((a) => a.address);
}

/** True when the URL's host resolves, and every address it resolves to is public. */
export async function resolvesToPublicOnly(url: URL): Promise<boolean> {
  try {
    const addresses = await addressesOf(url);
    return addresses.length > 0 && addresses.every(isPublicAddress);
  } catch {
    return false;
  }
}

/**
 * The DNS lookup of a delivery's connection: resolves the host and, when `guard` is on, refuses the connection
 * unless every address is public. It is the connection's own lookup, so the addresses checked are the ones
 * connected to (a name that re-resolves to 127.0.0.1 between a check and the request gains nothing).
 */
export function guardedLookup(guard: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        if (guard && (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))) {
          callback(Object.assign(new Error(PRIVATE_TARGET), { code: 'EPRIVATETARGET' }), '', 4);
          return;
        }
        const family = typeof options === 'object' ? options.family : undefined;
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (typeof options === 'object' && options.all) {
          (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, usable);
          return;
        }
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
          return;
        }
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}
