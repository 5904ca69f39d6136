import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDiskStorage,
  createS3Storage,
  isValidKey,
  newKey,
  type Storage,
} from "#app/platform/files/storage.server";
import { startS3 } from "../helpers/s3";

async function readAll(body: Readable | undefined) {
  if (!body) throw new Error("no object");
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

type Driver = { storage: Storage; stop: () => Promise<void> };

const drivers: Record<string, () => Promise<Driver>> = {
  disk: async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-disk-"));
    return { storage: createDiskStorage(root), stop: async () => fs.rmSync(root, { recursive: true }) };
  },
  s3: async () => {
    const server = await startS3();
    return { storage: createS3Storage(server.options), stop: server.stop };
  },
};

describe.each(Object.keys(drivers))("%s storage", (name) => {
  let driver: Driver;
  beforeAll(async () => {
    const start = drivers[name];
    if (!start) throw new Error(`unknown driver ${name}`);
    driver = await start();
  });
  afterAll(async () => {
    await driver?.stop();
  });

  it("stores a buffer and returns it with its size and type", async () => {
    const key = newKey("documents", "pdf");
    const body = Buffer.from("%PDF-1.4 a small document");
    await driver.storage.put(key, body, "application/pdf");
    expect(await driver.storage.exists(key)).toBe(true);
    const object = await driver.storage.get(key);
    expect(object?.size).toBe(body.length);
    expect(object?.contentType).toBe("application/pdf");
    expect((await readAll(object?.body)).equals(body)).toBe(true);
  });

  it("stores a multi-megabyte stream byte for byte", async () => {
    const key = newKey("images", "png");
    const body = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) =>
      body.subarray(i * 65536, (i + 1) * 65536),
    );
    await driver.storage.put(key, Readable.from(chunks), "image/png");
    const object = await driver.storage.get(key);
    expect(object?.size).toBe(body.length);
    const stored = await readAll(object?.body);
    expect(crypto.createHash("sha256").update(stored).digest("hex")).toBe(
      crypto.createHash("sha256").update(body).digest("hex"),
    );
  });

  it("deletes, and answers null / false for what is not there", async () => {
    const key = newKey("documents", "txt");
    await driver.storage.put(key, Buffer.from("hello"), "text/plain; charset=utf-8");
    await driver.storage.delete(key);
    expect(await driver.storage.exists(key)).toBe(false);
    expect(await driver.storage.get(key)).toBeNull();
    // deleting twice is harmless
    await driver.storage.delete(key);
  });

  it("refuses keys that could reach outside the store", async () => {
    for (const key of [
      "../../etc/passwd",
      "documents/../../x.pdf",
      "/etc/passwd",
      "documents/<script>.pdf",
    ]) {
      await expect(driver.storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(driver.storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe("keys", () => {
  it("are generated, lower-case and unique", () => {
    const a = newKey("documents", "PDF");
    expect(a).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect(newKey("documents", "pdf")).not.toBe(a);
    expect(isValidKey("images/abc/960.avif")).toBe(true);
    expect(isValidKey("images/../960.avif")).toBe(false);
  });
});

describe("disk storage", () => {
  it("leaves nothing behind when a write fails part-way", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-disk-"));
    const storage = createDiskStorage(root);
    const key = newKey("documents", "pdf");
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(storage.put(key, failing, "application/pdf")).rejects.toThrow("connection reset");
    expect(await storage.exists(key)).toBe(false);
    expect(fs.readdirSync(path.join(root, "documents"))).toEqual([]);
    fs.rmSync(root, { recursive: true });
  });
});
