import crypto from "node:crypto";
import fs from "node:fs";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedDelete } from "#app/platform/audited-change.server";
import { db } from "#app/platform/db/client.server";
import { detectDocumentType } from "#app/platform/files/file-types.server";
import { deleteQuietly, newKey, storage } from "#app/platform/files/storage.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { type DocumentCategory, documentRow, insertDocument } from "#app/site/documents/document.server";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from "#app/site/files";
import { fileNameSlug, safeFileName } from "#app/utils/file-name";
import { readImageHeader } from "../images/images.server";

/** A document's public address: stable for as long as the document exists (the id finds it; the name is for people). */
export const documentUrl = (id: string, fileName: string) => `/files/${id}/${fileNameSlug(fileName)}`;

export type NewDocumentInput = { title: string; description?: string | null; category: DocumentCategory };

/**
 * Checks the file's real type, stores it under a generated key, then writes the row and its audit entry in
 * one transaction; if that fails the stored object is removed, so nothing is left half-done.
 */
export async function uploadDocument(actor: AuditActor, input: NewDocumentInput, file: TempFile) {
  if (file.size === 0) throw new UploadError(DOCUMENT_MESSAGES.empty);
  if (file.size > DOCUMENT_MAX_BYTES) throw new UploadError(DOCUMENT_MESSAGES.tooLarge, 413);
  const type = await detectDocumentType(file.path);
  if (!type) throw new UploadError(DOCUMENT_MESSAGES.wrongType, 415);
  // served inline as it came, an image is held to the image screens' rule on its size
  if ((type.ext === "jpg" || type.ext === "png") && !(await readImageHeader(file))) {
    throw new UploadError(DOCUMENT_MESSAGES.wrongType, 415);
  }

  const id = crypto.randomUUID();
  const key = newKey("documents", type.ext);
  const fileName = safeFileName(file.name, type.ext);
  await storage().put(key, fs.createReadStream(file.path), type.mime);
  try {
    return await db().transaction(async (tx) => {
      const row = await insertDocument(tx, {
        id,
        title: input.title,
        description: input.description || null,
        category: input.category,
        status: "active",
        fileUrl: documentUrl(id, fileName),
        fileName,
        fileSize: file.size,
        mimeType: type.mime,
        storageKey: key,
      });
      await recordAudit(tx, actor, {
        action: "Uploaded document",
        tableName: "documents",
        recordId: row.id,
        newValues: {
          title: row.title,
          category: row.category,
          fileName: row.fileName,
          fileSize: row.fileSize,
          mimeType: row.mimeType,
        },
      });
      return row;
    });
  } catch (error) {
    await deleteQuietly([key]);
    throw error;
  }
}

/** Removes the row (audited) and its stored file together: if the store refuses, the row stays. */
export async function deleteDocument(actor: AuditActor, id: string) {
  return db().transaction(async (tx) => {
    const row = await auditedDelete(tx, actor, {
      action: "Deleted document",
      row: documentRow(id),
      audited: (document) => ({
        title: document.title,
        category: document.category,
        fileName: document.fileName,
        fileSize: document.fileSize,
      }),
    });
    if (!row) return null;
    await storage().delete(row.storageKey);
    return row;
  });
}
