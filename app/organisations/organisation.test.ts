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
    });
  });

  it("refuses a KRA PIN against the firm's rule, with its message", () => {
    const parsed = OrganisationSchema.safeParse({ name: "Acme", type: "company", kraPin: "12345" });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["kraPin", "Enter the KRA PIN as a letter, nine digits and a letter."],
    ]);
  });
});
