import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { collectWhenIdle } from "./idle-collection";

const IDLE_MS = 10_000;
let collect: Mock<(options: { flavor: "last-resort" }) => void>;
let collector: ReturnType<typeof collectWhenIdle>;

beforeEach(() => {
  vi.useFakeTimers();
  collect = vi.fn<(options: { flavor: "last-resort" }) => void>();
  collector = collectWhenIdle(collect, IDLE_MS);
});
afterEach(() => {
  collector.stop();
  vi.useRealTimers();
});

/** A request through the tracker; the returned function closes its response. */
function request() {
  const res = new EventEmitter();
  collector.track({} as Request, res as unknown as Response, () => {});
  return () => res.emit("close");
}

describe("collectWhenIdle (decision 0619)", () => {
  it("collects once after start-up when no request comes, and not again until there is work", () => {
    vi.advanceTimersByTime(IDLE_MS);
    expect(collect).toHaveBeenCalledExactlyOnceWith({ flavor: "last-resort" });
    vi.advanceTimersByTime(IDLE_MS * 5);
    expect(collect).toHaveBeenCalledOnce();
  });

  it("waits until a whole interval has passed without a new request", () => {
    vi.advanceTimersByTime(IDLE_MS);
    collect.mockClear();
    for (let i = 0; i < 5; i++) {
      request()();
      vi.advanceTimersByTime(IDLE_MS);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_MS);
    expect(collect).toHaveBeenCalledOnce();
  });

  it("never collects while a response is still open", () => {
    vi.advanceTimersByTime(IDLE_MS);
    collect.mockClear();
    const close = request();
    vi.advanceTimersByTime(IDLE_MS * 6);
    expect(collect).not.toHaveBeenCalled();
    close();
    vi.advanceTimersByTime(IDLE_MS);
    expect(collect).toHaveBeenCalledOnce();
  });

  it("starts nothing without a collector (no --expose-gc)", () => {
    const timers = vi.getTimerCount();
    const bare = collectWhenIdle(undefined, IDLE_MS);
    expect(vi.getTimerCount()).toBe(timers);
    bare.stop();
  });
});
