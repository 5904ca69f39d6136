import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import type { z } from "zod";
import {
  controlCharactersMessage,
  hasControlCharacters,
  withoutControlCharacters,
} from "#app/utils/control-characters";
import { type BodyLimit, bodyLimitFor, limitText } from "./body-limits";
import { type FormShape, formShape } from "./form-shape";

/**
 * The one way an action reads its body. The body is read under the path's byte limit, then every field
 * is checked against the form's schema before Conform or zod see it: an undeclared name, an array index
 * past the schema's maximum, more fields than the form has, a name sent twice, a value longer than its
 * field allows, or a control character the field's schema would let through (decision 0631) is refused
 * with a 400 and a short message, and nothing of it is echoed back.
 */

/** A body refused before it reached the form's schema; `field` names the field when one is to blame. */
export class FormRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type ReadFormOptions = {
  /** Names posted beside the schema's fields: an intent, a honeypot, a return path. */
  extra?: readonly string[];
  /** The one file field an upload form carries, and what to do with its bytes. */
  file?: FileField;
};

export type FileField = {
  name: string;
  maxBytes: number;
  tooLargeMessage: string;
  /**
   * Stores the upload's bytes (to a temporary file); the reader keeps no file in the FormData. `name` is the
   * file's name without control characters, the one to keep (decision 0631).
   */
  receive: (upload: File, name: string) => Promise<void>;
};

type Schemas = z.ZodType | readonly z.ZodType[];

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const MAX_PART_HEADER = 4 * 1024;

const tooLarge = (limit: BodyLimit) =>
  new FormRefusal(
    `The form is too large: at most ${limitText(limit.bytes)} can be sent. Please shorten your message and try again.`,
    413,
  );

/**
 * Reads a whole body, counting bytes as they arrive; null once it passes `maxBytes` (the rest is not read). A
 * request's body, or the answer of a server the app calls.
 */
export async function readBodyBounded(body: ReadableStream<Uint8Array> | null, maxBytes: number) {
  const reader = body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

async function readBytes(request: Request, limit: BodyLimit) {
  const bytes = await readBodyBounded(request.body, limit.bytes);
  if (!bytes) throw tooLarge(limit);
  return bytes;
}

async function readUrlEncoded(request: Request, limit: BodyLimit): Promise<[string, string][]> {
  const bytes = await readBytes(request, limit);
  // invalid UTF-8 becomes U+FFFD, which the text schemas refuse with their own message
  return [...new URLSearchParams(new TextDecoder().decode(bytes))];
}

async function readMultipart(
  request: Request,
  limit: BodyLimit,
  shape: FormShape,
  file: FileField | undefined,
): Promise<[string, FormDataEntryValue][]> {
  try {
    const form = await parseFormData(
      request,
      {
        maxParts: shape.maxFields + (file ? 1 : 0),
        maxFiles: file ? 1 : 0,
        maxHeaderSize: MAX_PART_HEADER,
        maxFileSize: file ? file.maxBytes : limit.bytes,
        maxTotalSize: limit.bytes,
      },
      async (upload) => {
        if (!file || upload.fieldName !== file.name) {
          throw new FormRefusal("Files cannot be attached to this form.");
        }
        // a file input left empty still sends a part, with no name and no bytes
        if (upload.name === "" && upload.size === 0) return null;
        await file.receive(upload, withoutControlCharacters(upload.name));
        return null;
      },
    );
    return [...form.entries()];
  } catch (error) {
    if (error instanceof FormRefusal) throw error;
    if (error instanceof MaxFileSizeExceededError) {
      throw file ? new FormRefusal(file.tooLargeMessage, 413, file.name) : tooLarge(limit);
    }
    if (error instanceof MaxTotalSizeExceededError) throw tooLarge(limit);
    if (error instanceof MaxFilesExceededError) {
      throw new FormRefusal(
        file ? "Please upload one file at a time." : "Files cannot be attached to this form.",
      );
    }
    if (error instanceof MaxPartsExceededError) throw new FormRefusal("The form has too many fields.");
    if (error instanceof MaxHeaderSizeExceededError)
      throw new FormRefusal("A form field's header is too large.");
    if (error instanceof MultipartParseError || error instanceof FormDataParseError) {
      throw new FormRefusal("The form data could not be read. Please reload the page and try again.");
    }
    // a body that ends early or a stream the client aborted
    if (error instanceof TypeError) {
      throw new FormRefusal("The form data could not be read. Please reload the page and try again.");
    }
    throw error;
  }
}

/** Checks every field against the form's shape and returns the accepted ones as FormData. */
export function checkFields(entries: Iterable<[string, FormDataEntryValue]>, shape: FormShape) {
  const accepted = new FormData();
  const counts = new Map<string, number>();
  let total = 0;
  for (const [name, value] of entries) {
    const field = shape.resolve(name);
    if (!field) throw new FormRefusal("The form has a field it does not expect.");
    total += 1;
    if (total > shape.maxFields) throw new FormRefusal("The form has too many fields.");
    const seen = (counts.get(name) ?? 0) + 1;
    counts.set(name, seen);
    if (seen > field.maxRepeats)
      throw new FormRefusal(`The field "${name}" was sent more than once.`, 400, name);
    if (typeof value !== "string") throw new FormRefusal("Files cannot be attached to this form.", 400, name);
    if (value.length > field.leaf.maxLength)
      throw new FormRefusal(tooLongMessage(name, field.leaf), 400, name);
    // a field whose schema refuses the character itself answers with its own message, the values kept
    if (hasControlCharacters(value) && !field.leaf.refusesControlCharacters)
      throw new FormRefusal(controlCharactersMessage(`The field "${name}"`), 400, name);
    accepted.append(name, value);
  }
  return accepted;
}

/**
 * The field's own message for an over-long value when its schema has one ("Name must be at most 200
 * characters."), found by checking a value just over the limit, so the refusal reads like the form's errors.
 */
function tooLongMessage(name: string, leaf: { maxLength: number; schema: z.ZodType | null }) {
  const probe = leaf.schema?.safeParse("x".repeat(leaf.maxLength + 1));
  const own =
    probe && !probe.success ? probe.error.issues.find((i) => /at most/i.test(i.message)) : undefined;
  return (
    own?.message ??
    `The field "${name}" is too long: at most ${leaf.maxLength.toLocaleString("en-US")} characters.`
  );
}

/**
 * Reads and checks a form body; throws FormRefusal for anything the form would not send. Use `readForm`
 * in an action unless the action answers refusals in its own shape (the public forms do).
 */
export async function readFormData(request: Request, schemas: Schemas, options: ReadFormOptions = {}) {
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) {
    throw new FormRefusal(
      "Please send the form as application/x-www-form-urlencoded or multipart/form-data.",
      415,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit.bytes) throw tooLarge(limit);
  const shape = formShape(schemas, options.extra);
  const file = limit.files ? options.file : undefined;
  const entries =
    type === "multipart/form-data"
      ? await readMultipart(request, limit, shape, file)
      : await readUrlEncoded(request, limit);
  return checkFields(entries, shape);
}

/** `readFormData` for an action that lets refusals through as a plain 4xx response. */
export async function readForm(request: Request, schemas: Schemas, options: ReadFormOptions = {}) {
  try {
    return await readFormData(request, schemas, options);
  } catch (error) {
    if (error instanceof FormRefusal) throw refusalResponse(error);
    throw error;
  }
}

export function refusalResponse(refusal: FormRefusal) {
  return new Response(refusal.message, {
    status: refusal.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A provider's form-encoded notification (Africa's Talking's delivery reports and opt-outs): its fields as sent, for
 * the caller's schema, or null when the body passes `maxBytes`. The provider adds fields over time, so unknown ones
 * are not refused as a form's would be.
 */
export async function readProviderForm(request: Request, maxBytes: number) {
  const bytes = await readProviderBytes(request, maxBytes);
  return bytes ? Object.fromEntries(new URLSearchParams(bytes.toString("utf8"))) : null;
}

/**
 * A server's body as the exact bytes sent, or null when it passes `maxBytes`: Meta's webhooks, signed over them
 * (decision 0770), whose caller checks the signature before parsing anything, and the API's JSON (issue 54), which
 * answers its refusals as problem details.
 */
export const readProviderBytes = (request: Request, maxBytes: number) =>
  readBodyBounded(request.body, maxBytes);

/**
 * The JSON twin of `readFormData`, for callers that are servers rather than browsers (payment callbacks):
 * the same byte limit, then strict UTF-8, then the schema. Refusals say what was wrong, never echo the body.
 * A string's control characters are the schema's to clean or refuse (decision 0631): a payment
 * confirmation is recorded whatever one of its fields holds, so the reader refuses no body for them.
 */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json") throw new FormRefusal("Please send application/json.", 415);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit.bytes) throw tooLarge(limit);
  const bytes = await readBytes(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new FormRefusal("The body is not valid JSON in UTF-8.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new FormRefusal("The body does not have the expected fields.");
  return parsed.data;
}
