import type { Executor } from "#app/platform/db/client.server";

/**
 * What a course date or a course carries that is never deleted (decision 0630): its bookings and their
 * registrations (live or deleted), and the documents issued on them (invoices, credit notes, receipts,
 * certificates). Attendance and feedback stand on registrations, so they are counted with them.
 */
export type History = { bookings: number; registrations: number; documents: number; certificates: number };

export const hasHistory = (h: History) => h.bookings + h.registrations + h.documents + h.certificates > 0;

/**
 * Counts the history of a course (its id) or of a run: the features that hold it do (`courseHistory` and
 * `runHistory` of bookings, decision 0725), and the admin's screens pass theirs in.
 */
export type HistoryCount = (id: string, executor: Executor) => Promise<History>;

/** "1 booking", "4 bookings". */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "4 bookings and issued invoices and certificates": what the screens and refusals name. */
export function describeHistory(h: History) {
  const held =
    h.bookings > 0
      ? plural(h.bookings, "booking")
      : h.registrations > 0
        ? plural(h.registrations, "registration")
        : null;
  const issued = [h.documents > 0 ? "invoices" : null, h.certificates > 0 ? "certificates" : null].filter(
    Boolean,
  );
  return [held, issued.length > 0 ? `issued ${issued.join(" and ")}` : null].filter(Boolean).join(" and ");
}

/** Where a kept course date stands: still ahead (it can be cancelled), held (it began), or cancelled. */
export type RunStanding = "ahead" | "held" | "cancelled";

export function runStanding(run: { status: string; startDate: string | null }, day: string): RunStanding {
  if (run.status === "cancelled") return "cancelled";
  return run.startDate !== null && run.startDate < day ? "held" : "ahead";
}

const INSTEAD: Record<RunStanding, string> = {
  ahead: "cancel it instead",
  held: "it took place, so it stays on record as it is",
  cancelled: "it stays on record as cancelled",
};

/** Why a course date cannot be deleted, and what to do instead. */
export function runKeptReason(h: History, standing: RunStanding) {
  return `This course date has ${describeHistory(h)}: ${INSTEAD[standing]}.`;
}

/** Why a course cannot be deleted, and what to do instead. */
export function courseKeptReason(h: History, archived: boolean) {
  const instead = archived ? "it stays on record as archived" : "archive it instead";
  return `This course has ${describeHistory(h)}: ${instead}.`;
}
