import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createDiskStorage, setStorage } from "#app/platform/files/storage.server";
import { signedInAdmin } from "./admin-session";

export type FilePart = { name: string; type?: string; bytes: Uint8Array | string };

/**
 * A multipart POST byte for byte as a browser sends it (written out by hand so that file names such as
 * `../../etc/passwd`, and the empty name of an untouched file input, arrive exactly as given).
 */
export function multipartRequest(
  url: string,
  cookie: string,
  /** a list posts the name once per value, as a group of checkboxes does */
  fields: Record<string, string | string[]>,
  file?: FilePart,
) {
  const boundary = `----mafunzo${crypto.randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat()) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    }
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

/**
 * The file screens' test setup: one signed-in admin for the file, and a fresh temporary disk store for
 * each test (read `admin` and `store` inside tests and hooks; they are set by the hooks).
 */
export function adminWithTempStorage() {
  const setup = {} as {
    admin: Awaited<ReturnType<typeof signedInAdmin>>;
    store: ReturnType<typeof useTempDiskStorage>;
  };
  beforeAll(async () => {
    setup.admin = await signedInAdmin();
  });
  beforeEach(() => {
    setup.store?.remove();
    setup.store = useTempDiskStorage();
  });
  afterAll(() => setup.store?.remove());
  return setup;
}
