import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, now, setClock } from "./clock";
import { addDays, today } from "./dates";

afterEach(() => setClock(null));

describe("business clock and today()", () => {
  it("answers the Nairobi date, which turns at 21:00 UTC", () => {
    setClock("2026-11-22T20:59:00Z");
    expect(today()).toBe("2026-11-22");
    advanceClock(60_000);
    expect(today()).toBe("2026-11-23");
  });

  it("turns at the first millisecond of the Nairobi day, whatever instant it was last asked for", () => {
    expect(today(new Date("2026-11-22T20:59:59.999Z"))).toBe("2026-11-22");
    expect(today(new Date("2026-11-22T21:00:00.000Z"))).toBe("2026-11-23");
    expect(today(new Date("2026-11-22T20:59:59.000Z"))).toBe("2026-11-22");
    expect(today(new Date("2026-11-23T20:59:59.998Z"))).toBe("2026-11-23");
    expect(today(new Date("2026-11-23T20:59:59.999Z"))).toBe("2026-11-23");
  });

  it("keeps ticking from the time it was set to", async () => {
    setClock("2030-01-01T00:00:00Z");
    const first = now().getTime();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(now().getTime()).toBeGreaterThan(first);
    expect(now().getUTCFullYear()).toBe(2030);
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
