import { asc, eq } from "drizzle-orm";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedDelete, auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { isForeignKeyViolation } from "#app/platform/db/db-errors.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { discardPicture, withPicture } from "#app/site/images/picture.server";
import { clientLogos } from "#app/site/tables.server";
import { CLIENT_LOGO_MESSAGES, type ClientLogoInput } from "./client-logo";

const columns = {
  id: clientLogos.id,
  name: clientLogos.name,
  altText: clientLogos.altText,
  organisationId: clientLogos.organisationId,
  websiteUrl: clientLogos.websiteUrl,
  imageUrl: clientLogos.imageUrl,
  imageWidth: clientLogos.imageWidth,
  imageHeight: clientLogos.imageHeight,
  imageVariants: clientLogos.imageVariants,
  imageStorageKey: clientLogos.imageStorageKey,
  status: clientLogos.status,
  sortOrder: clientLogos.sortOrder,
  createdAt: clientLogos.createdAt,
  updatedAt: clientLogos.updatedAt,
};

export type AdminClientLogo = Awaited<ReturnType<typeof listClientLogosForAdmin>>[number];

/** Every client logo, active or not, in the order the public strip shows them. */
export async function listClientLogosForAdmin(executor: Executor = db()) {
  return executor
    .select(columns)
    .from(clientLogos)
    .orderBy(asc(clientLogos.sortOrder), asc(clientLogos.name), asc(clientLogos.createdAt));
}

const clientLogoRow = (id: string) => ({
  table: clientLogos,
  columns,
  where: eq(clientLogos.id, id),
  recordId: id,
});

/** The organisation a form links to may have been merged away meanwhile: a clear message, not a failure. */
async function linkingOrganisation<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new UploadError("Choose the organisation from the list");
    throw error;
  }
}

/** Adds a client logo with its picture, which goes through the image pipeline first. */
export async function createClientLogo(actor: AuditActor, input: ClientLogoInput, file: TempFile) {
  return withPicture(file, (picture) => {
    if (!picture) throw new UploadError(CLIENT_LOGO_MESSAGES.needsLogo);
    return linkingOrganisation(() =>
      db().transaction((tx) =>
        auditedInsert(tx, actor, {
          action: "Created client logo",
          table: clientLogos,
          columns,
          values: { ...input, ...picture },
        }),
      ),
    );
  });
}

/** Changes a client logo, and its picture when a new file came; undefined when there is no such logo. */
export async function updateClientLogo(
  actor: AuditActor,
  id: string,
  input: ClientLogoInput,
  file: TempFile | null,
) {
  const saved = await withPicture(file, (picture) =>
    linkingOrganisation(() =>
      db().transaction(async (tx) => {
        const row = clientLogoRow(id);
        const before = await lockRow(tx, row);
        if (!before) return undefined;
        const values = { ...input, ...picture };
        const after = await auditedUpdate(tx, actor, { action: "Updated client logo", row, before, values });
        return after && { before, after };
      }),
    ),
  );
  if (saved && file) await discardPicture(saved.before);
  return saved?.after;
}

/** Deletes the logo, then the files of its picture. */
export async function deleteClientLogo(actor: AuditActor, id: string) {
  const deleted = await db().transaction((tx) =>
    auditedDelete(tx, actor, { action: "Deleted client logo", row: clientLogoRow(id) }),
  );
  if (deleted) await discardPicture(deleted);
  return deleted !== undefined;
}
