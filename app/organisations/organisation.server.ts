import { and, asc, eq, ne } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { OrganisationInput } from "./organisation";
import { lockOrganisations } from "./organisation-lock.server";
import { organisationLooseKey, organisationNameKey } from "./organisation-name";

/**
 * An organisation as it is written: the office's form states what it withholds; a caller that does not (a record
 * made from an enquiry) leaves it as it is, which for a new one is "withholds nothing" (decision 0745).
 */
type OrganisationFields = Omit<OrganisationInput, "withholdsIncomeTax" | "withholdsVat"> &
  Partial<Pick<OrganisationInput, "withholdsIncomeTax" | "withholdsVat">>;

export type OrganisationOutcome =
  | { ok: true; message: string; id: string }
  | { ok: false; status: number; message: string; field?: keyof OrganisationInput };

/** An organisation's record as its page shows it and its audit rows keep it. */
export const organisationColumns = {
  id: organisations.id,
  name: organisations.name,
  type: organisations.type,
  kraPin: organisations.kraPin,
  nitaLevyNumber: organisations.nitaLevyNumber,
  address: organisations.address,
  contacts: organisations.contacts,
  notes: organisations.notes,
  withholdsIncomeTax: organisations.withholdsIncomeTax,
  withholdsVat: organisations.withholdsVat,
  createdAt: organisations.createdAt,
};

/** Every organisation by name, for a form that links a record to one (a client logo). */
export async function listOrganisationChoices(executor: Executor = db()) {
  return executor
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** The organisation that already has this KRA PIN, other than `exceptId`. */
async function holderOfPin(tx: Executor, kraPin: string | null, exceptId?: string) {
  if (!kraPin) return undefined;
  const [holder] = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.kraPin, kraPin), exceptId ? ne(organisations.id, exceptId) : undefined));
  return holder;
}

const pinTaken = (name: string): OrganisationOutcome => ({
  ok: false,
  status: 409,
  field: "kraPin",
  message: `${name} already has this KRA PIN. If they are the same client, merge them on the review screen.`,
});

const withKeys = (input: OrganisationFields) => ({
  ...input,
  nameKey: organisationNameKey(input.name),
  looseKey: organisationLooseKey(input.name),
});

/** Adds an organisation the office knows before any booking names it (a client from an enquiry). */
export async function createOrganisation(
  actor: AuditActor,
  input: OrganisationFields,
): Promise<OrganisationOutcome> {
  return db().transaction(async (tx) => {
    await lockOrganisations(tx);
    const holder = await holderOfPin(tx, input.kraPin);
    if (holder) return pinTaken(holder.name);
    const created = await auditedInsert(tx, actor, {
      action: "Created organisation",
      table: organisations,
      columns: organisationColumns,
      values: withKeys(input),
    });
    return { ok: true, message: `${created.name} was added.`, id: created.id };
  });
}

/** Saves the office's changes to an organisation; a KRA PIN another one holds is refused with its name. */
export async function updateOrganisation(
  actor: AuditActor,
  id: string,
  input: OrganisationFields,
): Promise<OrganisationOutcome> {
  return db().transaction(async (tx) => {
    await lockOrganisations(tx);
    const row = {
      table: organisations,
      columns: organisationColumns,
      where: eq(organisations.id, id),
      recordId: id,
    };
    const before = await lockRow(tx, row);
    if (!before) return { ok: false, status: 404, message: "This organisation does not exist." };
    const holder = await holderOfPin(tx, input.kraPin, id);
    if (holder) return pinTaken(holder.name);
    await auditedUpdate(tx, actor, { action: "Updated organisation", row, before, values: withKeys(input) });
    return { ok: true, message: `${input.name} was saved.`, id };
  });
}
