import { asc, eq } from "drizzle-orm";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { COUNTRY_TAX, type OfficeCode, type OfficeInput, taxIdProblem } from "./offices";
import { sellingOffices } from "./tables.server";

/** An office's columns as the app reads them. */
export const officeColumns = {
  code: sellingOffices.code,
  name: sellingOffices.name,
  country: sellingOffices.country,
  legalName: sellingOffices.legalName,
  taxId: sellingOffices.taxId,
  vatRatePercent: sellingOffices.vatRatePercent,
  currency: sellingOffices.currency,
  numberPrefix: sellingOffices.numberPrefix,
  address: sellingOffices.address,
  bankAccounts: sellingOffices.bankAccounts,
  mobileMoney: sellingOffices.mobileMoney,
  updatedAt: sellingOffices.updatedAt,
};

/** An office with what its country implies: the tax authority and the name of its tax number. */
const withTax = <O extends { country: keyof typeof COUNTRY_TAX }>(office: O) => ({
  ...office,
  ...COUNTRY_TAX[office.country],
});

export type SellingOffice = ReturnType<typeof withTax<Awaited<ReturnType<typeof readOffices>>[number]>>;

const readOffices = (executor: Executor) =>
  executor
    .select(officeColumns)
    .from(sellingOffices)
    .orderBy(asc(sellingOffices.createdAt), asc(sellingOffices.code));

/** Every selling office, Nairobi first. */
export async function listOffices(executor: Executor = db()) {
  return (await readOffices(executor)).map(withTax);
}

/** One office; the migration made all four and nothing deletes them, so a code from the list always finds one. */
export async function getOffice(executor: Executor, code: OfficeCode): Promise<SellingOffice> {
  const [office] = await executor
    .select(officeColumns)
    .from(sellingOffices)
    .where(eq(sellingOffices.code, code));
  if (!office) throw new Error(`No selling office ${code}`);
  return withTax(office);
}

export type OfficeOutcome = { ok: true; message: string } | { ok: false; message: string; field?: string };

/** Saves the finance team's changes to an office, audited, in the caller's transaction. */
export async function saveOffice(
  tx: Executor,
  actor: AuditActor,
  input: OfficeInput,
): Promise<OfficeOutcome> {
  const row = {
    table: sellingOffices,
    columns: officeColumns,
    where: eq(sellingOffices.code, input.code),
    recordId: input.code,
  };
  const before = await lockRow(tx, row);
  if (!before) return { ok: false, message: "This office does not exist." };
  const problem = taxIdProblem(before.country, input.taxId);
  if (problem) return { ok: false, message: problem, field: "taxId" };
  const { code: _code, ...values } = input;
  await auditedUpdate(tx, actor, { action: `Updated selling office: ${before.name}`, row, before, values });
  return { ok: true, message: `${before.name} office saved.` };
}
