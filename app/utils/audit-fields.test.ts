import { describe, expect, it } from "vitest";
import { fieldChanges, fieldLabel, fieldText } from "./audit-fields";

describe("audit fields", () => {
  it("labels columns in words, whichever case they were stored in", () => {
    expect(fieldLabel("min_participants")).toBe("Minimum group");
    expect(fieldLabel("minParticipants")).toBe("Minimum group");
    expect(fieldLabel("login_time")).toBe("Signed in at");
    expect(fieldLabel("registrationEnabled")).toBe("Registration enabled");
    expect(fieldLabel("end_date")).toBe("End date");
  });

  it("lists the changed fields first and marks only them", () => {
    const changes = fieldChanges(
      { title: "Old", status: "active", highlights: ["a"] },
      { title: "Old", status: "inactive", highlights: ["a", "b"] },
    );
    expect(changes.map((c) => [c.label, c.changed])).toEqual([
      ["Status", true],
      ["Highlights", true],
      ["Title", false],
    ]);
  });

  it("reads a created record, a deleted one and a bare value", () => {
    expect(fieldChanges(null, { name: "A" })).toEqual([
      { key: "name", label: "Name", before: undefined, after: "A", changed: true },
    ]);
    expect(fieldChanges({ name: "A" }, null)[0]?.changed).toBe(true);
    expect(fieldChanges(true, false)).toMatchObject([{ label: "Value", before: true, after: false }]);
    expect(fieldText(null)).toBe("—");
    expect(fieldText(["a", "b"])).toBe('["a","b"]');
  });
});
