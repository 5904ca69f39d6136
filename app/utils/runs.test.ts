import { describe, expect, it } from "vitest";
import { isFullyBooked, isPastRun, nextRun, type RunState, seatsNote, yearSpan } from "./runs";

const run = (id: string, startDate: string | null, extra: Partial<RunState> = {}) => ({
  id,
  startDate,
  label: null,
  status: "open",
  past: startDate !== null && startDate < "2026-06-10",
  seatsLeft: null,
  ...extra,
});

describe("isPastRun", () => {
  it("is past only once the start date is before today; a run starting today is still offered", () => {
    expect(isPastRun({ startDate: "2026-06-09" }, "2026-06-10")).toBe(true);
    expect(isPastRun({ startDate: "2026-06-10" }, "2026-06-10")).toBe(false);
    expect(isPastRun({ startDate: null }, "2026-06-10")).toBe(false);
  });
});

describe("nextRun", () => {
  const runs = [
    run("held", "2025-03-03"),
    run("cancelled", "2026-07-06", { status: "cancelled" }),
    run("july", "2026-07-13"),
    run("full", "2026-09-07", { seatsLeft: 0 }),
    run("next-year", "2027-02-01"),
    run("undated", null),
  ];

  it("skips past and cancelled runs and takes the earliest upcoming one", () => {
    expect(nextRun(runs)?.id).toBe("july");
  });

  it("passes over a full date to a later one with seats, and offers the waiting list only when all are full", () => {
    const full = run("full-first", "2026-07-06", { seatsLeft: 0 });
    const closed = run("closed", "2026-07-20", { status: "full" });
    const later = run("later", "2026-08-03", { seatsLeft: 4 });
    expect(nextRun([full, closed, later])?.id).toBe("later");
    expect(nextRun([full, closed])?.id).toBe("full-first");
  });

  it("on a catalogue filtered by year takes that year's next run", () => {
    expect(nextRun(runs, 2027)?.id).toBe("next-year");
    expect(nextRun(runs, 2025)).toBeNull();
  });

  it("counts a run in every year its printed dates name, like the catalogue's year filter", () => {
    const spanning = run("spanning", "2026-12-28", { label: "28th December 2026 - 8th January 2027" });
    expect(nextRun([spanning, run("later", "2027-03-01")], 2027)?.id).toBe("spanning");
    expect(nextRun([spanning], 2026)?.id).toBe("spanning");
  });

  it("still offers a fully booked run (its button joins the waiting list)", () => {
    expect(nextRun(runs.slice(3, 4))?.id).toBe("full");
    expect(isFullyBooked(runs[3] as RunState)).toBe(true);
  });

  it("offers an undated run when nothing dated is left, and nothing when only history remains", () => {
    expect(nextRun([run("held", "2025-03-03"), run("undated", null)])?.id).toBe("undated");
    expect(nextRun([run("held", "2025-03-03")])).toBeNull();
  });
});

describe("seatsNote and yearSpan", () => {
  it("names the seats left at or below the threshold, and full runs", () => {
    expect(seatsNote({ status: "open", seatsLeft: 6 }, 5)).toBeNull();
    expect(seatsNote({ status: "open", seatsLeft: 5 }, 5)).toBe("5 seats left");
    expect(seatsNote({ status: "open", seatsLeft: 1 }, 5)).toBe("1 seat left");
    expect(seatsNote({ status: "open", seatsLeft: 0 }, 5)).toBe("Fully booked");
    expect(seatsNote({ status: "full", seatsLeft: null }, 5)).toBe("Fully booked");
    expect(seatsNote({ status: "open", seatsLeft: null }, 5)).toBeNull();
  });

  it("spans the years on offer", () => {
    expect(yearSpan([2027, 2026, 2027])).toBe("2026-2027");
    expect(yearSpan([2026])).toBe("2026");
    expect(yearSpan([])).toBeNull();
  });
});
