import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/database.server";
import { siteContent } from "#app/site/tables.server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-backup-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  "npm run db:backup / db:restore (embedded database)",
  () => {
    it("writes a backup that restores the data, and refuses a restore while the directory is in use", async () => {
      const handle = await openDatabase({ dataDir });
      await handle.db.insert(siteContent).values({ key: "backup-check", value: "before" });
      await handle.close();

      const env = { ...process.env, DATA_DIR: dataDir };
      const backup = await run("npx", ["tsx", "scripts/db-backup.ts"], { cwd: root, env });
      const file = /Backup written: (.+\.tar\.gz)/.exec(backup.stdout)?.[1];
      expect(file && fs.existsSync(file)).toBe(true);

      const changed = await openDatabase({ dataDir, skipMigrate: true });
      await changed.db.update(siteContent).set({ value: "after" }).where(eq(siteContent.key, "backup-check"));
      await expect(
        run("npx", ["tsx", "scripts/db-restore.ts", file as string], { cwd: root, env }),
      ).rejects.toThrow(/in use by process/);
      await changed.close();

      await run("npx", ["tsx", "scripts/db-restore.ts", file as string], { cwd: root, env });
      const restored = await openDatabase({ dataDir, skipMigrate: true });
      const [row] = await restored.db.select().from(siteContent).where(eq(siteContent.key, "backup-check"));
      await restored.close();
      expect(row?.value).toBe("before");
    }, 120_000);
  },
);
