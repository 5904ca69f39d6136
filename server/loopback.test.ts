import { describe, expect, it } from "vitest";
import { isLocalRequest, isLoopbackAddress } from "./loopback";

const request = (remote: string, ip: string, forwarded?: string) => ({
  socket: { remoteAddress: remote },
  ip,
  headers: forwarded ? { "x-forwarded-for": forwarded } : {},
});

describe("loopback requests", () => {
  it("knows loopback addresses in both families", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("127.8.9.10")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("203.0.113.7")).toBe(false);
    expect(isLoopbackAddress("::ffff:203.0.113.7")).toBe(false);
    expect(isLoopbackAddress("unknown")).toBe(false);
  });

  it("is local only from this machine, whatever a forwarded header claims", () => {
    expect(isLocalRequest(request("127.0.0.1", "127.0.0.1"))).toBe(true);
    // a visitor behind a proxy on this machine
    expect(isLocalRequest(request("127.0.0.1", "203.0.113.7", "203.0.113.7"))).toBe(false);
    // a visitor who claims loopback through a proxy that appends the real address
    expect(isLocalRequest(request("127.0.0.1", "127.0.0.1", "127.0.0.1, 203.0.113.7"))).toBe(false);
    // a client elsewhere that claims loopback, with TRUST_PROXY=true believing it
    expect(isLocalRequest(request("198.51.100.4", "127.0.0.1", "127.0.0.1"))).toBe(false);
  });
});
