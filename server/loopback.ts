import net from "node:net";

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export function isLoopbackAddress(address: string | undefined) {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(plain)) return LOOPBACK.check(plain, "ipv4");
  return net.isIPv6(plain) && LOOPBACK.check(plain, "ipv6");
}

/**
 * True only when the request comes from this machine: the connection is from a loopback address, the address
 * Express settled on under TRUST_PROXY is one, and no X-Forwarded-For hop names another machine. A proxy on
 * this machine connects from loopback but forwards someone else, so its header decides; a header sent by a
 * client from elsewhere never makes it local, because the connection itself is not. A same-machine proxy
 * that sends no X-Forwarded-For makes every visitor local (docs/operating.md says so).
 */
export function isLocalRequest(req: {
  socket: { remoteAddress?: string };
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}) {
  if (!isLoopbackAddress(req.socket.remoteAddress) || !isLoopbackAddress(req.ip)) return false;
  const forwarded = [req.headers["x-forwarded-for"] ?? []].flat().join(",");
  const hops = forwarded
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.every(isLoopbackAddress);
}
