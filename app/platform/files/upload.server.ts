import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { data } from "react-router";
import type { z } from "zod";
import { RecordIdSchema } from "#app/platform/forms/admin-ids";
import { failedRequestStatus } from "../db/db-errors.server";
import { FormRefusal, readFormData } from "../forms/form-input.server";
import { logger } from "../logger.server";

/** An expected upload failure: its message is shown to the admin as it stands. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type TempFile = { path: string; size: number; name: string };

export type ParsedUpload = {
  fields: FormData;
  /** The file sent in the file field, or null when none was chosen. */
  file: TempFile | null;
  /** Removes the temporary copy; call it once the file is stored or refused. */
  cleanup: () => Promise<void>;
};

type Options = {
  fileField: string;
  maxFileSize: number;
  tooLargeMessage: string;
  /** The forms this screen posts (upload, and any others its intents take). */
  schemas: readonly z.ZodType[];
};

/** A file screen's form: at most one file, in the field named "file", under that screen's limit. */
const fileFormOptions = (
  maxFileSize: number,
  messages: { tooLarge: string; failed: string },
  schemas: readonly z.ZodType[],
) => ({
  fileField: "file",
  maxFileSize,
  tooLargeMessage: messages.tooLarge,
  failedMessage: messages.failed,
  schemas,
});

/** Posted by every file screen beside its schemas' fields: which action, and the row it names. */
const FILE_SCREEN_EXTRAS = ["intent", "id"] as const;

/**
 * Parses a form with at most one file through the guarded reader, streaming the file to a temporary file.
 * The file's location is kept here, never read back from the form, so a text field cannot name a path.
 */
export async function parseUpload(request: Request, options: Options): Promise<ParsedUpload> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "mafunzo-upload-"));
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  let file: TempFile | null = null;

  const receive = async (upload: File, name: string) => {
    const target = path.join(dir, crypto.randomUUID());
    await pipeline(
      Readable.fromWeb(upload.stream() as Parameters<typeof Readable.fromWeb>[0]),
      fs.createWriteStream(target),
    );
    file = { path: target, size: (await fsp.stat(target)).size, name };
  };

  try {
    const fields = await readFormData(request, options.schemas, {
      extra: FILE_SCREEN_EXTRAS,
      file: {
        name: options.fileField,
        maxBytes: options.maxFileSize,
        tooLargeMessage: options.tooLargeMessage,
        receive,
      },
    });
    return { fields, file, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof FormRefusal) throw new UploadError(error.message, error.status);
    throw error;
  }
}

/** The text value of a form field, trimmed; files and absent fields read as "". */
function textField(fields: FormData, name: string) {
  const value = fields.get(name);
  return typeof value === "string" ? value.trim() : "";
}

export type FormFailure = { error: string; values?: Record<string, string> };

/**
 * Runs an admin form action that may carry a file: parses it under the limits, turns expected failures
 * (UploadError) into their message, logs anything else and answers with `failedMessage`, and always removes
 * the temporary file.
 */
async function handleUploadForm(
  request: Request,
  options: Options & { failedMessage: string },
  handle: (upload: ParsedUpload) => Promise<Response | ReturnType<typeof formFailure>>,
) {
  let upload: ParsedUpload;
  try {
    upload = await parseUpload(request, options);
  } catch (error) {
    if (error instanceof UploadError) return formFailure(error.message, error.status);
    throw error;
  }
  try {
    return await handle(upload);
  } catch (error) {
    if (error instanceof UploadError) return formFailure(error.message, error.status, upload.fields);
    if (error instanceof Response) throw error;
    logger.error({ err: error }, options.failedMessage);
    return formFailure(options.failedMessage, failedRequestStatus(error), upload.fields);
  } finally {
    await upload.cleanup();
  }
}

/** The submitted text fields, to put back into the form after a failure. */
export function formValues(fields: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of fields) if (typeof value === "string") values[name] = value;
  return values;
}

/** An expected failure answered with its message (and the values to keep in the form). */
export function formFailure(error: string, status: number, fields?: FormData) {
  return data<FormFailure>({ error, values: fields ? formValues(fields) : undefined }, { status });
}

/**
 * A file screen's delete intent: removes the row named by the form's id and answers `done()`, or 404 with
 * `failed` when the id is malformed or names nothing.
 */
async function deleteFromForm(
  fields: FormData,
  remove: (id: string) => Promise<unknown>,
  failed: string,
  done: () => Promise<Response>,
) {
  const parsed = RecordIdSchema.safeParse({ id: textField(fields, "id") });
  const deleted = parsed.success ? await remove(parsed.data.id) : null;
  if (!deleted) return formFailure(failed, 404, fields);
  return done();
}

type Answer = Promise<Response | ReturnType<typeof formFailure>>;

export type FileScreenMessages = {
  tooLarge: string;
  failed: string;
  missing: string;
  uploaded: string;
  deleteFailed: string;
  deleted: string;
};

/**
 * The action of a file screen (documents, images, gallery): `intent=delete` removes the row named by the
 * form's id; an intent the screen adds runs its handler; anything else uploads the file with the fields
 * `schema` accepts. `done(message)` is the screen's success answer.
 */
export function fileScreenAction<T>(
  request: Request,
  screen: {
    maxBytes: number;
    messages: FileScreenMessages;
    schema: z.ZodType<T>;
    /** The schemas of the forms the screen's own intents post. */
    intentSchemas?: readonly z.ZodType[];
    upload: (input: T, file: TempFile) => Promise<unknown>;
    remove: (id: string) => Promise<unknown>;
    done: (message: string) => Promise<Response>;
    /** The screen's own intents; a form that may carry a file (an edit that may replace it) gets it too. */
    intents?: Record<string, (fields: FormData, file: TempFile | null) => Answer>;
  },
) {
  const { messages } = screen;
  const schemas = [screen.schema, ...(screen.intentSchemas ?? [])];
  return handleUploadForm(
    request,
    fileFormOptions(screen.maxBytes, messages, schemas),
    async ({ fields, file }) => {
      const intent = textField(fields, "intent");
      if (intent === "delete") {
        return deleteFromForm(fields, screen.remove, messages.deleteFailed, () =>
          screen.done(messages.deleted),
        );
      }
      const handler = intent ? screen.intents?.[intent] : undefined;
      if (handler) return handler(fields, file);
      const parsed = screen.schema.safeParse(Object.fromEntries(fields));
      if (!parsed.success || !file) return formFailure(messages.missing, 400, fields);
      await screen.upload(parsed.data, file);
      return screen.done(messages.uploaded);
    },
  );
}

/**
 * The save intent of a screen whose records keep an uploaded picture (client logos, facilitators): the fields
 * parsed by `schema`, its first problem answered as it stands; no id adds a record (the file required), an id
 * changes that record (a new file replaces its picture, none keeps it).
 */
export async function savePictureRecord<T>(
  fields: FormData,
  file: TempFile | null,
  screen: {
    schema: z.ZodType<T>;
    /** The form's fields as the schema reads them; repeated names (a list of choices) need `getAll`. */
    read?: (fields: FormData) => unknown;
    messages: { needsFile: string; failed: string; uploaded: string; updated: string };
    create: (input: T, file: TempFile) => Promise<unknown>;
    update: (id: string, input: T, file: TempFile | null) => Promise<unknown>;
    done: (message: string) => Promise<Response>;
  },
): Answer {
  const { messages } = screen;
  const parsed = screen.schema.safeParse((screen.read ?? Object.fromEntries)(fields));
  if (!parsed.success) return formFailure(parsed.error.issues[0]?.message ?? messages.failed, 400, fields);
  const rawId = textField(fields, "id");
  if (!rawId) {
    if (!file) return formFailure(messages.needsFile, 400, fields);
    await screen.create(parsed.data, file);
    return screen.done(messages.uploaded);
  }
  const id = RecordIdSchema.safeParse({ id: rawId });
  const saved = id.success ? await screen.update(id.data.id, parsed.data, file) : undefined;
  if (!saved) return formFailure(messages.failed, 404, fields);
  return screen.done(messages.updated);
}

/**
 * The action of a form that puts one uploaded picture in a place (a portrait on /about): the fields `schema`
 * accepts and the file are both required; the first problem is answered as it stands.
 */
export function pictureFormAction<T>(
  request: Request,
  screen: {
    maxBytes: number;
    messages: { tooLarge: string; failed: string; missing: string };
    schema: z.ZodType<T>;
    save: (input: T, file: TempFile) => Promise<unknown>;
    done: () => Promise<Response>;
  },
) {
  const { messages } = screen;
  return handleUploadForm(
    request,
    fileFormOptions(screen.maxBytes, messages, [screen.schema]),
    async ({ fields, file }) => {
      const parsed = screen.schema.safeParse(Object.fromEntries(fields));
      if (!parsed.success)
        return formFailure(parsed.error.issues[0]?.message ?? messages.missing, 400, fields);
      if (!file) return formFailure(messages.missing, 400, fields);
      await screen.save(parsed.data, file);
      return screen.done();
    },
  );
}
