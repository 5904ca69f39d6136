import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { statementImports } from "#app/money/tables.server";
import { readMpesaStatement } from "#app/money/testing.server";
import { db } from "#app/platform/db/client.server";
import { systemSettings } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as settingsRoute from "#app/routes/back-office/settings";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as financeImports from "#app/routes/money/finance-imports";
import * as courseNew from "#app/routes/site/course-new";
import type { FormResult } from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { multipartRequest } from "../helpers/admin-actions";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { callAction, oldFormKey } from "../helpers/form-post";

// Decision 0631: a control character in a form field is refused with the field's message and changes
// nothing; one in a file nobody at our end can fix (a statement, a file's name) is dropped.
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
  await setSettingValue(db(), "registration_enabled", true, null);
});

const NOT_ALLOWED = "contains characters that are not allowed (control characters or invalid UTF-8).";
const courseCount = async () => (await db().select({ n: count() }).from(courses))[0]?.n;

describe("a control character in a form field", () => {
  it.each([
    ["NUL", "\u0000"],
    ["SOH", "\u0001"],
    ["ESC", "\u001b"],
    ["DEL", "\u007f"],
  ])(
    "%s in an admin text field: the field's own message, the values kept, nothing stored",
    async (_, control) => {
      const before = await courseCount();
      const title = `Records${control} Management`;
      const result = await answer(() =>
        courseNew.action(
          admin.args("/admin/courses/new", {
            form: { intent: "save-course", title, category: "county", description: `Two\r\nlines${control}` },
          }),
        ),
      );
      expect(result.status).toBe(400);
      const reply = result.data?.result as {
        error: Record<string, string[]>;
        initialValue: Record<string, string>;
      };
      expect(reply.error).toMatchObject({
        title: [`Title ${NOT_ALLOWED}`],
        description: [`This field ${NOT_ALLOWED}`],
      });
      expect(reply.initialValue).toMatchObject({ title, category: "county" });
      expect(await courseCount()).toBe(before);
    },
  );

  it("in a field whose schema would take it: refused by the form reader, the setting unchanged", async () => {
    const [before] = await db()
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, "finance_legal_name"));
    const result = await answer(() =>
      settingsRoute.action(
        admin.args("/admin/settings", { form: { key: "finance_legal_name", value: "Mafunzo\u0000 Ltd" } }),
      ),
    );
    expect(result.status).toBe(400);
    const [after] = await db()
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, "finance_legal_name"));
    expect(after?.value).toEqual(before?.value);
  });

  it("in a public registration: the field's message, nothing stored", async () => {
    const [{ n: before } = { n: 0 }] = await db().select({ n: count() }).from(courseRegistrations);
    const reply = await callAction<FormResult>(registerRoute.action, "/register", {
      intent: "register",
      name: "Wanjiku Kamau",
      email: "wanjiku@example.com",
      organization: "County\u001b Government",
      course: "strategic-planning-and-performance-management",
      formKey: oldFormKey(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors?.organization).toBe(`Organisation ${NOT_ALLOWED}`);
    expect(reply.body.values?.organization).toBe("County\u001b Government");
    const [{ n: after } = { n: 0 }] = await db().select({ n: count() }).from(courseRegistrations);
    expect(after).toBe(before);
  });
});

describe("a control character in an uploaded file", () => {
  it("is dropped from a statement's file name; a line with one in a cell is refused with that reason", async () => {
    const csv = [
      "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.",
      "TKC0000001,2026-03-02 09:30:00,,Pay Bill,Completed,100.00,,,true,,254712345678 - JANE\u001b DOE\u0007,,MF-\u0001ABC",
    ].join("\r\n");
    const result = await answer(() =>
      financeImports.action(
        admin.args(
          multipartRequest(
            "http://localhost/admin/finance/imports",
            admin.cookie,
            { kind: "mpesa" },
            {
              name: "march\u0000\u001b.csv",
              type: "text/csv",
              bytes: csv,
            },
          ),
        ) as never,
      ),
    );
    expect(result.status).toBe(302);
    const [stored] = await db()
      .select()
      .from(statementImports)
      .orderBy(desc(statementImports.createdAt))
      .limit(1);
    expect(stored?.filename).toBe("march.csv");
    const [line] = await readMpesaStatement(Buffer.from(csv));
    expect(line?.refusal).toBe("A cell holds a control character.");
  });
});
