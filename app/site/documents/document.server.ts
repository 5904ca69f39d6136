import { and, desc, eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import type { DOCUMENT_CATEGORIES } from "#app/platform/db/enums";
import { documents } from "#app/site/tables.server";

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

const columns = {
  id: documents.id,
  title: documents.title,
  description: documents.description,
  fileUrl: documents.fileUrl,
  fileName: documents.fileName,
  fileSize: documents.fileSize,
  mimeType: documents.mimeType,
  storageKey: documents.storageKey,
  category: documents.category,
  status: documents.status,
  createdAt: documents.createdAt,
};

/** Spec §7: every document, newest first. */
export async function listDocuments(executor: Executor = db()) {
  return executor.select(columns).from(documents).orderBy(desc(documents.createdAt));
}

export async function getDocument(id: string, executor: Executor = db()) {
  const [row] = await executor.select(columns).from(documents).where(eq(documents.id, id));
  return row;
}

/**
 * The newest active document of a category: what the public download buttons serve when there is one. With a
 * type, only a document of that type (detected from its content at upload) counts.
 */
export async function getLatestActiveDocument(
  category: DocumentCategory,
  { mimeType, executor = db() }: { mimeType?: string; executor?: Executor } = {},
) {
  const [row] = await executor
    .select(columns)
    .from(documents)
    .where(
      and(
        eq(documents.category, category),
        eq(documents.status, "active"),
        mimeType ? eq(documents.mimeType, mimeType) : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(1);
  return row;
}

export type NewDocument = typeof documents.$inferInsert & { id: string };

export async function insertDocument(executor: Executor, values: NewDocument) {
  const [row] = await executor.insert(documents).values(values).returning(columns);
  if (!row) throw new Error("Document insert returned no row");
  return row;
}

/**
 * The document an admin deletes. The audit log names it by its id as stored, in lower case, whatever case the
 * form posted (a UUID matches either).
 */
export const documentRow = (id: string) => ({
  table: documents,
  columns,
  where: eq(documents.id, id),
  recordId: id.toLowerCase(),
});
