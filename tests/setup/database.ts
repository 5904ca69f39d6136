import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase } from "#app/database.server";
import { type DatabaseHandle, setDatabase } from "#app/platform/db/client.server";
import { adminQuery, uniqueDatabaseName, withDatabase } from "./template";

let handle: DatabaseHandle | undefined;
let cleanup = async () => {};

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = uniqueDatabaseName();
    await adminQuery(url, `create database ${name} template ${inject("templateDatabase")}`);
    handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: "", skipMigrate: true });
    cleanup = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  } else {
    const dump = new Blob([fs.readFileSync(inject("templateDump"))]);
    handle = await openDatabase({ dataDir: "", inMemory: true, loadDataDir: dump, skipMigrate: true });
  }
  setDatabase(handle);
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
  await cleanup();
});
