import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { db } from "#app/db/client.server";
import { createAdmin } from "#app/models/user.server";
import { startSession } from "#app/services/auth.server";
import { createDiskStorage, setStorage } from "#app/services/storage.server";

/** A signed-in admin for calling loaders and actions directly: the router context and the session cookie. */
export async function signedInAdmin(email = "files-admin@mafunzo.test") {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", nonce: "", ip: "127.0.0.1", userAgent: "vitest" });
  const user = await createAdmin(db(), email, "not-a-real-hash");
  const setCookie = await startSession(db(), user, context);
  return { context, cookie: setCookie.split(";")[0] ?? "" };
}

export type FilePart = { name: string; type?: string; bytes: Uint8Array | string };

/**
 * A multipart POST byte for byte as a browser sends it (written out by hand so that file names such as
 * `../../etc/passwd`, and the empty name of an untouched file input, arrive exactly as given).
 */
export function multipartRequest(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  file?: FilePart,
) {
  const boundary = `----mafunzo${crypto.randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    const type = file.type ?? "application/octet-stream";
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name.replace(/"/g, "%22")}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return new Request(url, {
    method: "POST",
    body: Buffer.concat(parts),
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
}

/** What an action answered: a redirect (with its target) or data with a status. */
export function outcome(result: unknown) {
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), data: undefined };
  }
  const { data, init } = result as { data: { error?: string }; init?: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, data };
}

/** A fresh disk store in a temporary directory, installed as the app's storage. */
export function useTempDiskStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-files-"));
  setStorage(createDiskStorage(root));
  return {
    root,
    /** Every stored object key, so a test can check that nothing was left behind. */
    keys() {
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
        .map((entry) => entry.split(path.sep).join("/"))
        .sort();
    },
    remove() {
      setStorage(undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Loader/action arguments for a direct call (the generated route types carry more than a test needs). */
export function routeArgs<T>(
  request: Request,
  context: RouterContextProvider,
  params: Record<string, string> = {},
) {
  return { request, context, params, unstable_pattern: new URL(request.url).pathname } as unknown as T;
}
