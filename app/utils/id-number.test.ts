import { describe, expect, it } from "vitest";
import { idNumberLast4, maskedIdNumber } from "./id-number";

describe("ID numbers as the back office shows them", () => {
  it("keeps the last four characters of a number long enough to hide the rest", () => {
    expect(idNumberLast4("12344321")).toBe("4321");
    expect(idNumberLast4(" AK1234567 ")).toBe("4567");
    expect(idNumberLast4("12345")).toBe("2345");
  });

  it("keeps nothing of a number of four characters or fewer, which the last four would give away", () => {
    expect(idNumberLast4("1234")).toBeNull();
    expect(idNumberLast4("12")).toBeNull();
  });

  it("masks a stored number, says nothing of a missing one", () => {
    expect(maskedIdNumber({ hasIdNumber: true, idNumberLast4: "4321" })).toBe("•••• 4321");
    expect(maskedIdNumber({ hasIdNumber: true, idNumberLast4: null })).toBe("••••");
    expect(maskedIdNumber({ hasIdNumber: false, idNumberLast4: null })).toBeNull();
  });
});
