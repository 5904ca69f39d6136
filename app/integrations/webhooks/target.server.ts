import dns from "node:dns/promises";
import net from "node:net";
import { env } from "#app/platform/env.server";

// Where a webhook may go (decision 0822): an http(s) address whose host resolves only to public addresses.
// A receiver on a private, loopback or link-local address (the office network, the cloud's metadata service)
// is refused in production unless WEBHOOK_PRIVATE_TARGETS=allow; development and tests deliver to local
// receivers. Redirects are never followed (a 3xx is a failed attempt), so an answer cannot point elsewhere.

const privateRanges = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  privateRanges.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateRanges.addSubnet(address, prefix, "ipv6");
}

// an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries: BlockList would
// match a mapped range against every IPv4 address
export function isPrivateAddress(address: string) {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return privateRanges.check(dotted, "ipv4");
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [Number.parseInt(hex[1] as string, 16), Number.parseInt(hex[2] as string, 16)];
    return privateRanges.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, "ipv4");
  }
  return privateRanges.check(address, net.isIPv6(address) ? "ipv6" : "ipv4");
}

export function privateTargetsAllowed() {
  const { WEBHOOK_PRIVATE_TARGETS, NODE_ENV } = env();
  return (WEBHOOK_PRIVATE_TARGETS ?? (NODE_ENV === "production" ? "refuse" : "allow")) === "allow";
}

/** Why a receiver's address is refused, or null when it may be sent to. */
export async function refusedTarget(url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter the full address, starting with https://";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return "The address must start with https://";
  if (parsed.username || parsed.password) return "Put no user name or password in the address";
  if (privateTargetsAllowed()) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `${host} could not be found`;
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return `${host} is a private or local address: webhooks go only to addresses on the internet`;
  }
  return null;
}
