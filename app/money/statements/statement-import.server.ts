import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { desc, eq, inArray } from "drizzle-orm";
import { referenceIn } from "#app/booking/index";
import { bookings } from "#app/booking/tables.server";
import { BANK_FIELDS, type BankMapping, IMPORT_LOOK_AGAIN, IMPORT_PAGE_SIZE } from "#app/money/finance";
import { type StatementLine, StatementRefusal } from "#app/money/statements/statement-csv.server";
import { payments, statementImports } from "#app/money/tables.server";
import { type AuditActor, recordAudit, recordAudits } from "#app/platform/audit.server";
import { db, type Executor, type Tx } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { storage } from "#app/platform/files/storage.server";
import { boundedHeavyWork } from "#app/platform/jobs/heavy-work.server";
import { renderOffThread } from "#app/platform/pdf/render-pool.server";
import { batchesOf } from "#app/utils/batches";
import { now } from "#app/utils/clock";
import { today } from "#app/utils/dates";
import { closeReviewsOf, settleBooking } from "../payments/payment.server";
import { paymentRecordedAudit } from "../payments/payment-audit.server";
import { wakeReceiptWorker } from "../payments/receipt-after-commit.server";
import { mpesaCodesIn } from "./mpesa-codes";
import { bookingsByReference, recordedCodes } from "./statement-match.server";
import type { StatementReading } from "./statement-reading.server";

export type StatementImport = typeof statementImports.$inferSelect;
export type ImportKind = StatementImport["kind"];

export type PreviewLine = StatementLine & {
  state: "matched" | "unmatched" | "recorded" | "refused";
  bookingId: string | null;
  bookingReference: string | null;
  /** why a line counts as recorded when its own code is not in the ledger */
  note: string | null;
};

export type ImportOutcome = { ok: true; id: string } | { ok: false; message: string };

const readers = () => import("#app/money/off-thread.server");

/** A reading's lines or columns; its refusal thrown again as the StatementRefusal it was. */
async function offThread<T>(reading: Promise<StatementReading<T>>): Promise<T> {
  const outcome = await reading;
  if (!outcome.ok) throw new StatementRefusal(outcome.refusal);
  return outcome.value;
}

// A statement is parsed on a worker thread when the server runs the pool (decision 0668): 20,000 lines are about a
// second of CPU. The business day travels with it: the worker's clock is not the one tests move.
const readMpesaLines = (bytes: Uint8Array) =>
  offThread(renderOffThread("statements", readers, "mpesaStatementReading", bytes, today()));

const readBankLines = (bytes: Uint8Array, mapping: BankMapping) =>
  offThread(renderOffThread("statements", readers, "bankStatementReading", bytes, mapping, today()));

const readBankColumns = (bytes: Uint8Array) =>
  offThread(renderOffThread("statements", readers, "bankColumnsReading", bytes));

/**
 * Keeps an uploaded statement for its preview. The file is read first: one that is not a statement of its
 * kind is refused with the reason, and nothing is stored.
 */
export async function createImport(
  actor: AuditActor,
  kind: ImportKind,
  filename: string,
  bytes: Uint8Array,
): Promise<ImportOutcome> {
  try {
    await boundedHeavyWork(
      "statement",
      async () => {
        if (kind === "mpesa") await readMpesaLines(bytes);
        else await readBankColumns(bytes);
      },
      { waitTurn: true },
    );
  } catch (error) {
    if (error instanceof StatementRefusal) return { ok: false, message: error.message };
    throw error;
  }
  const id = crypto.randomUUID();
  const storageKey = `imports/${id}.csv`;
  await storage().put(storageKey, Buffer.from(bytes), "text/csv");
  await db().transaction(async (tx) => {
    await tx
      .insert(statementImports)
      .values({ id, kind, filename: filename.slice(0, 200), storageKey, createdBy: actor.email ?? "system" });
    await recordAudit(tx, actor, {
      action: "Uploaded payment statement",
      tableName: "statement_imports",
      recordId: id,
      newValues: { kind, filename },
    });
  });
  return { id, ok: true };
}

export async function findImport(id: string) {
  const [row] = await db().select().from(statementImports).where(eq(statementImports.id, id));
  return row ?? null;
}

async function fileOf(item: StatementImport) {
  const object = await storage().get(item.storageKey);
  if (!object) throw new StatementRefusal("The uploaded file is no longer stored. Upload it again.");
  return new Uint8Array(await buffer(object.body));
}

export async function importColumns(item: StatementImport) {
  return readBankColumns(await fileOf(item));
}

/** Saves the bank statement's column mapping after checking each chosen column is one of the file's. */
export async function setImportMapping(actor: AuditActor, item: StatementImport, mapping: BankMapping) {
  const columns = await importColumns(item);
  const chosen = BANK_FIELDS.map((field) => mapping[field]);
  if (chosen.some((column) => !columns.includes(column))) {
    return { ok: false as const, message: "Choose each field from the file's own columns." };
  }
  if (new Set(chosen).size !== chosen.length) {
    return { ok: false as const, message: "Choose a different column for each field." };
  }
  await db().transaction(async (tx) => {
    await tx.update(statementImports).set({ mapping }).where(eq(statementImports.id, item.id));
    await recordAudit(tx, actor, {
      action: "Updated payment statement column mapping",
      tableName: "statement_imports",
      recordId: item.id,
      newValues: mapping,
    });
  });
  return { ok: true as const };
}

const methodOf = (kind: ImportKind) => (kind === "mpesa" ? ("mpesa" as const) : ("bank" as const));

export const MAP_COLUMNS_FIRST = "Map the statement's columns first: say which column holds what.";

async function linesOfImport(item: StatementImport) {
  const bytes = await fileOf(item);
  if (item.kind === "mpesa") return readMpesaLines(bytes);
  if (!item.mapping) throw new StatementRefusal(MAP_COLUMNS_FIRST);
  return readBankLines(bytes, item.mapping as BankMapping);
}

const settlementNote = (code: string) =>
  `The M-PESA payment ${code} is already in the ledger: this line is its settlement to the bank.`;

/**
 * The statement's lines as they would be committed now: refused (with the reason), already recorded (the same
 * code for the same method is in the ledger, or earlier in this file; for a bank line, the M-PESA payment it
 * settles is), matched to a booking, or unmatched. A few set-based queries whatever the length of the file.
 */
export async function previewImport(
  item: StatementImport,
  executor: Executor = db(),
): Promise<PreviewLine[]> {
  const lines = await linesOfImport(item);
  const offered = lines.filter((line) => !line.refusal);
  const recorded = await recordedCodes(
    executor,
    methodOf(item.kind),
    offered.map((line) => line.code as string),
  );
  // an M-PESA payment the firm's paybill settles to its bank account shows on the bank statement too
  const settled =
    item.kind === "bank"
      ? await recordedCodes(
          executor,
          null,
          offered.flatMap((line) => [...mpesaCodesIn(line.code), ...mpesaCodesIn(line.accountReference)]),
        )
      : new Set<string>();
  const matches = await bookingsByReference(
    executor,
    offered.flatMap((line) => referenceIn(line.accountReference) ?? []),
  );
  const seen = new Set<string>();
  return lines.map((line) => {
    const none = { bookingId: null, bookingReference: null, note: null };
    if (line.refusal) return { ...line, ...none, state: "refused" };
    const code = line.code as string;
    const settles = [...mpesaCodesIn(code), ...mpesaCodesIn(line.accountReference)].find((c) =>
      settled.has(c),
    );
    if (recorded.has(code) || seen.has(code) || settles) {
      return { ...line, ...none, state: "recorded", note: settles ? settlementNote(settles) : null };
    }
    seen.add(code);
    const booking = matches.get(referenceIn(line.accountReference) ?? "");
    return {
      ...line,
      ...none,
      state: booking ? "matched" : "unmatched",
      bookingId: booking?.id ?? null,
      bookingReference: booking?.reference ?? null,
    };
  });
}

const importable = (line: PreviewLine) => line.state === "matched" || line.state === "unmatched";

/** The fingerprint of the lines a preview offers: what the clerk saw is what the commit imports. */
export function previewFingerprint(preview: PreviewLine[]) {
  const hash = createHash("sha256");
  for (const line of preview) {
    if (line.refusal) continue;
    hash.update(
      `${line.line}\t${line.code}\t${line.amountCents}\t${line.receivedOn}\t${line.accountReference}\n`,
    );
  }
  return hash.digest("hex");
}

/** What the preview screen shows: the counts, one page of lines, and what a commit would import. */
export function previewPage(preview: PreviewLine[], page: number, leftOut: Set<number>) {
  const counts = { matched: 0, unmatched: 0, recorded: 0, refused: 0 };
  let toImport = 0;
  for (const line of preview) {
    counts[line.state]++;
    if (importable(line) && !leftOut.has(line.line)) toImport++;
  }
  const pageCount = Math.max(1, Math.ceil(preview.length / IMPORT_PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  return {
    counts,
    toImport,
    leftOut: preview.filter((line) => importable(line) && leftOut.has(line.line)).length,
    page: shown,
    pageCount,
    total: preview.length,
    lines: preview.slice((shown - 1) * IMPORT_PAGE_SIZE, shown * IMPORT_PAGE_SIZE),
    fingerprint: previewFingerprint(preview),
  };
}

/**
 * A commit's lines are recorded this many at a time, each batch a short transaction of its own: on PGlite every
 * other request's query waits for the batch's transaction (decision 0668).
 */
const BATCH_LINES = 100;
/** Bookings settled in one batch at most: each that the batch pays in full renders its receipt inside it. */
const BATCH_BOOKINGS = 10;

/**
 * Records one batch of lines in one transaction, in a few statements whatever its size: the batch's bookings
 * are locked first, in one order, as every money transaction takes them (DESIGN §7), so a callback for one of
 * them waits for this batch, never in a circle; then its payments and their audit rows go in at once, and each
 * booking they pay is settled once. A code already in the ledger (a callback got there first) adds nothing.
 */
async function recordBatch(tx: Tx, actor: AuditActor, kind: ImportKind, lines: PreviewLine[]) {
  const bookingIds = [...new Set(lines.flatMap((line) => line.bookingId ?? []))].sort();
  if (bookingIds.length > 0) {
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds))
      .orderBy(bookings.id)
      .for("update");
  }
  const added = await tx
    .insert(payments)
    .values(
      lines.map((line) => ({
        method: methodOf(kind),
        amountCents: line.amountCents as number,
        receivedOn: line.receivedOn as string,
        transactionCode: line.code,
        payer: line.payer || null,
        accountReference: line.accountReference || null,
        bookingId: line.bookingId,
        source: kind === "mpesa" ? ("mpesa_statement" as const) : ("bank_statement" as const),
        recordedBy: actor.email ?? "system",
      })),
    )
    .onConflictDoNothing()
    .returning();
  await closeReviewsOf(tx, added, actor);
  await recordAudits(tx, actor, added.map(paymentRecordedAudit));
  const paid = new Set(added.flatMap((payment) => payment.bookingId ?? []));
  // the receipts a statement completes are issued after each batch commits, not inside it (decision 0652)
  for (const bookingId of bookingIds) {
    if (paid.has(bookingId)) await settleBooking(tx, bookingId, actor, { receipt: "after-commit" });
  }
  return added.length;
}

export type CommitOutcome = { ok: true; recorded: number; skipped: number } | { ok: false; message: string };

/**
 * Records every line the preview offered except those the clerk left out, read again from the stored file.
 * The lines go in batches, each its own short transaction followed by a rest as long, so the site keeps
 * answering during a long statement. Lines refused or already in the ledger are skipped: a commit
 * interrupted between batches, or the same file imported twice, adds nothing twice.
 */
export function commitImport(
  actor: AuditActor,
  item: StatementImport,
  choice: { leftOut: Set<number>; fingerprint: string },
): Promise<CommitOutcome> {
  // one statement is read or committed at a time; another clerk's waits its turn (decision 0651)
  return boundedHeavyWork("statement", () => commitLines(actor, item, choice), { waitTurn: true });
}

async function commitLines(
  actor: AuditActor,
  item: StatementImport,
  { leftOut, fingerprint }: { leftOut: Set<number>; fingerprint: string },
): Promise<CommitOutcome> {
  if (item.kind === "bank" && !item.mapping) return { ok: false, message: MAP_COLUMNS_FIRST };
  const preview = await previewImport(item);
  if (previewFingerprint(preview) !== fingerprint) return { ok: false, message: IMPORT_LOOK_AGAIN };
  const wanted = preview.filter((line) => importable(line) && !leftOut.has(line.line));
  let recorded = 0;
  const batches = batchesOf(wanted, (line) => line.bookingId, {
    maxItems: BATCH_LINES,
    maxGroups: BATCH_BOOKINGS,
  });
  for (const batch of batches) {
    const began = performance.now();
    recorded += await moneyTransaction((tx) => recordBatch(tx, actor, item.kind, batch));
    wakeReceiptWorker();
    // the batch's queries ran on the request thread (PGlite is WebAssembly in this process) and held the one
    // connection: the commit rests as long again, so the site keeps at least half of both (decision 0668)
    await sleep(performance.now() - began);
  }
  const skipped = preview.filter((line) => line.state === "recorded").length + wanted.length - recorded;
  await db().transaction(async (tx) => {
    await tx.update(statementImports).set({ committedAt: now() }).where(eq(statementImports.id, item.id));
    await recordAudit(tx, actor, {
      action: "Imported payment statement",
      tableName: "statement_imports",
      recordId: item.id,
      newValues: { recorded, skipped, left_out: leftOut.size },
    });
  });
  return { ok: true, recorded, skipped };
}

export async function listImports() {
  return db().select().from(statementImports).orderBy(desc(statementImports.createdAt)).limit(20);
}
