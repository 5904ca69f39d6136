import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, executeRows } from "#app/platform/db/client.server";
import { insertJsonRows } from "#app/platform/db/json-rows.server";
import { emailOutbox } from "#app/platform/db/tables.server";

const message = (to: string) => ({
  toAddress: to,
  subject: "Subject “quoted” — ünïcode",
  textBody: 'Line one\nLine "two" \\ back',
  htmlBody: "<p>it's</p>",
  kind: "test",
  relatedTable: null,
  relatedId: null,
});

describe("insertJsonRows (decision 0608)", () => {
  it("stores text, dates, JSON and nulls as drizzle would, and leaves unnamed columns to their defaults", async () => {
    const due = new Date("2026-12-01T06:30:00.123Z");
    const attachments = [{ filename: "run.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }];
    await db().execute(
      insertJsonRows(emailOutbox, [
        { ...message("a@example.com"), attachments, nextAttemptAt: due },
        { ...message("b@example.com"), attachments: null, nextAttemptAt: due },
      ]),
    );
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, ["a@example.com", "b@example.com"]))
      .orderBy(emailOutbox.toAddress);
    expect(rows.map((row) => row.toAddress)).toEqual(["a@example.com", "b@example.com"]);
    for (const row of rows) {
      expect(row).toMatchObject({ ...message(row.toAddress), status: "pending", attempts: 0, sentAt: null });
      expect(row.nextAttemptAt.toISOString()).toBe(due.toISOString());
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    expect(rows[0]?.attachments).toEqual(attachments);
    expect(rows[1]?.attachments).toBeNull();
  });

  it("composes with ON CONFLICT and RETURNING", async () => {
    const id = crypto.randomUUID();
    const row = { ...message("c@example.com"), id, nextAttemptAt: new Date() };
    const insert = () =>
      executeRows(db(), sql`${insertJsonRows(emailOutbox, [row])} on conflict do nothing returning id`);
    expect(await insert()).toHaveLength(1);
    expect(await insert()).toHaveLength(0);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.id, id))).toHaveLength(1);
  });

  it("refuses rows that name different columns, and names no column the table lacks", () => {
    const first = { ...message("d@example.com"), nextAttemptAt: new Date() };
    const { relatedId: _, ...second } = first;
    expect(() => insertJsonRows(emailOutbox, [first, second])).toThrow(/a row lacks relatedId/);
    expect(() => insertJsonRows(emailOutbox, [second, first])).toThrow(
      /names a property the first row lacks/,
    );
    expect(() => insertJsonRows(emailOutbox, [{ ...first, nope: 1 } as never])).toThrow(/no column nope/);
    expect(() => insertJsonRows(emailOutbox, [])).toThrow(/no rows/);
  });
});
