import { buffer } from "node:stream/consumers";
import { and, desc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { bookings, payments, statementImports } from "#app/db/schema";
import { BANK_FIELDS, type BankMapping } from "#app/schemas/finance";
import { type AuditActor, recordAudit } from "#app/services/audit.server";
import {
  bankColumns,
  readBankStatement,
  readMpesaStatement,
  type StatementLine,
  StatementRefusal,
} from "#app/services/statement-csv.server";
import { storage } from "#app/services/storage.server";
import { findBookingByReference, recordPayment } from "./payment.server";

export type StatementImport = typeof statementImports.$inferSelect;
export type ImportKind = StatementImport["kind"];

export type PreviewLine = StatementLine & {
  state: "matched" | "unmatched" | "recorded" | "refused";
  bookingReference: string | null;
};

export type ImportOutcome = { ok: true; id: string } | { ok: false; message: string };

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
    if (kind === "mpesa") readMpesaStatement(bytes);
    else bankColumns(bytes);
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
  return bankColumns(await fileOf(item));
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

const methodOf = (kind: ImportKind) => (kind === "mpesa" ? "mpesa" : "bank");

/**
 * The statement's lines as they would be committed now: refused (with the reason), already recorded (the same
 * code for the same method is in the ledger, or earlier in this file), matched to a booking, or unmatched.
 */
export async function previewImport(
  item: StatementImport,
  executor: Executor = db(),
): Promise<PreviewLine[]> {
  const bytes = await fileOf(item);
  const lines =
    item.kind === "mpesa" ? readMpesaStatement(bytes) : readBankStatement(bytes, item.mapping as BankMapping);
  const codes = lines.filter((l) => !l.refusal && l.code).map((l) => l.code as string);
  const recorded = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await executor
      .select({ code: payments.transactionCode })
      .from(payments)
      .where(
        and(
          eq(payments.method, methodOf(item.kind)),
          inArray(payments.transactionCode, codes.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) recorded.add(row.code as string);
  }
  const seen = new Set<string>();
  const preview: PreviewLine[] = [];
  for (const line of lines) {
    if (line.refusal) {
      preview.push({ ...line, state: "refused", bookingReference: null });
      continue;
    }
    const code = line.code as string;
    if (recorded.has(code) || seen.has(code)) {
      preview.push({ ...line, state: "recorded", bookingReference: null });
      continue;
    }
    seen.add(code);
    const bookingId = await findBookingByReference(executor, line.accountReference);
    const [booking] = bookingId
      ? await executor
          .select({ reference: bookings.reference })
          .from(bookings)
          .where(eq(bookings.id, bookingId))
      : [];
    preview.push({
      ...line,
      state: booking ? "matched" : "unmatched",
      bookingReference: booking?.reference ?? null,
    });
  }
  return preview;
}

export type CommitOutcome = { ok: true; recorded: number; skipped: number } | { ok: false; message: string };

/**
 * Records the lines the admin accepted, read again from the stored file (the browser only names line
 * numbers). Lines refused or already in the ledger are skipped, so importing the same file twice adds nothing.
 */
export async function commitImport(
  actor: AuditActor,
  item: StatementImport,
  accepted: number[],
): Promise<CommitOutcome> {
  const wanted = new Set(accepted);
  return db().transaction(async (tx) => {
    const preview = await previewImport(item, tx);
    let recorded = 0;
    for (const line of preview) {
      if (!wanted.has(line.line) || (line.state !== "matched" && line.state !== "unmatched")) continue;
      const outcome = await recordPayment(
        tx,
        {
          method: methodOf(item.kind),
          amountCents: line.amountCents as number,
          receivedOn: line.receivedOn as string,
          transactionCode: line.code,
          payer: line.payer || null,
          accountReference: line.accountReference || null,
          bookingId: null,
          source: item.kind === "mpesa" ? "mpesa_statement" : "bank_statement",
        },
        actor,
      );
      if (outcome.status === "recorded") recorded++;
    }
    await tx
      .update(statementImports)
      .set({ committedAt: new Date() })
      .where(eq(statementImports.id, item.id));
    await recordAudit(tx, actor, {
      action: "Imported payment statement",
      tableName: "statement_imports",
      recordId: item.id,
      newValues: { recorded, accepted: wanted.size },
    });
    return { ok: true, recorded, skipped: wanted.size - recorded };
  });
}

export async function listImports() {
  return db().select().from(statementImports).orderBy(desc(statementImports.createdAt)).limit(20);
}
