import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { OrganisationSchema } from "./organisation";

describe("the organisation form's schema", () => {
  it("reads empty fields as null and a KRA PIN in capitals", () => {
    const parsed = OrganisationSchema.safeParse({ name: "Acme", type: "company", kraPin: "p051777777t" });
    expect(parsed.success && parsed.data).toEqual({
      name: "Acme",
      type: "company",
      kraPin: "P051777777T",
      nitaLevyNumber: null,
      address: null,
      contacts: null,
      notes: null,
      // unticked boxes: it withholds nothing (decision 0745)
      withholdsIncomeTax: false,
      withholdsVat: false,
    });
  });

  it("reads the withholding boxes as ticked when the form sends them", () => {
    const form = new FormData();
    for (const [name, value] of [
      ["name", "County Government of Kitui"],
      ["type", "county_government"],
      ["withholdsIncomeTax", "on"],
      ["withholdsVat", "on"],
    ]) {
      form.set(name as string, value as string);
    }
    const submission = parseWithZod(form, { schema: OrganisationSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({
      withholdsIncomeTax: true,
      withholdsVat: true,
    });
  });

  it("refuses a KRA PIN against the firm's rule, with its message", () => {
    const parsed = OrganisationSchema.safeParse({ name: "Acme", type: "company", kraPin: "12345" });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["kraPin", "Enter the KRA PIN as a letter, nine digits and a letter."],
    ]);
  });
});
