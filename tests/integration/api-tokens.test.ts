import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "#app/integrations/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import * as tokensRoute from "#app/routes/integrations/api-tokens";
import { answer, resetAccessTables, signedInAdmin } from "../helpers/admin-session";
import { callApi } from "../helpers/api";

// API tokens (issue 54, decision 0800): made by an owner, shown once, stored hashed, revoked, every use audited.

let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  await resetAccessTables();
  owner = await signedInAdmin();
});

async function makeToken(form: Record<string, string | string[]>) {
  return answer(() => tokensRoute.action(owner.args("/admin/api-tokens", { form }) as never));
}

describe("an owner's API tokens", () => {
  it("shows a new token once and stores only its hash", async () => {
    const made = await makeToken({
      intent: "create",
      name: "Ledger sync",
      scopes: ["finance:read", "catalogue:read"],
    });
    expect(made.status).toBe(200);
    const created = made.data?.created as { token: string; scopes: string[] };
    expect(created.token).toMatch(/^mfz_[A-Za-z0-9_-]{43}$/);
    expect(created.scopes).toEqual(["catalogue:read", "finance:read"]);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.name, "Ledger sync"));
    expect(row?.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token);
    const listed = await answer(() => tokensRoute.loader(owner.args("/admin/api-tokens") as never));
    expect(JSON.stringify(listed.data)).toContain("Ledger sync");
    expect(JSON.stringify(listed.data)).not.toContain(created.token);
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(
        and(eq(adminAuditLogs.action, "Created API token"), eq(adminAuditLogs.recordId, row?.id as string)),
      );
    expect(JSON.stringify(audit?.newValues)).not.toContain(created.token);
  });

  it("refuses a token without a scope or a name, and makes nothing", async () => {
    const before = (await db().select({ id: apiTokens.id }).from(apiTokens)).length;
    const noScope = await makeToken({ intent: "create", name: "Nothing" });
    expect(noScope.status).toBe(400);
    expect(noScope.data?.message).toBe("Choose at least one scope");
    const badScope = await makeToken({ intent: "create", name: "Bad", scopes: ["everything:write"] });
    expect(badScope.status).toBe(400);
    const noName = await makeToken({ intent: "create", name: " ", scopes: ["catalogue:read"] });
    expect(noName.status).toBe(400);
    expect((await db().select({ id: apiTokens.id }).from(apiTokens)).length).toBe(before);
  });

  it("is refused to every role but an owner's", async () => {
    for (const role of ["registrar", "finance", "editor", "viewer", "trainer"] as const) {
      const other = await signedInAdmin({ roles: [role] });
      const made = await answer(() =>
        tokensRoute.action(
          other.args("/admin/api-tokens", {
            form: { intent: "create", name: "Sneaky", scopes: "catalogue:read" },
          }) as never,
        ),
      );
      expect(made.status, role).toBe(403);
    }
    expect(await db().select().from(apiTokens).where(eq(apiTokens.name, "Sneaky"))).toEqual([]);
  });

  it("works until revoked, audits each use, and answers 401 after", async () => {
    const made = await makeToken({ intent: "create", name: "Catalogue feed", scopes: "catalogue:read" });
    const created = made.data?.created as { token: string };
    const token = created.token;
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.name, "Catalogue feed"));
    const first = await callApi("GET", "/api/v1/courses?limit=2", { token });
    expect(first.status).toBe(200);
    const uses = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.tableName, "api_tokens"), eq(adminAuditLogs.recordId, row?.id as string)));
    expect(uses.map((use) => use.action)).toContain("Used API token: GET /api/v1/courses");
    expect(uses.find((use) => use.action.startsWith("Used"))?.actorEmail).toBe('API token "Catalogue feed"');

    const revoked = await makeToken({ intent: "revoke", id: row?.id as string });
    expect(revoked.status).toBe(200);
    const after = await callApi("GET", "/api/v1/courses", { token });
    expect(after.status).toBe(401);
    expect(after.headers.get("content-type")).toBe("application/problem+json");
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const again = await makeToken({ intent: "revoke", id: row?.id as string });
    expect(again.status).toBe(409);
    // kept, never deleted
    expect(
      (
        await db()
          .select()
          .from(apiTokens)
          .where(eq(apiTokens.id, row?.id as string))
      )[0]?.revokedAt,
    ).not.toBeNull();
  });
});
