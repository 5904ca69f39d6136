import { describe, expect, it } from "vitest";
import { CONTACT_STATUSES, REGISTRATION_STATUSES } from "#app/platform/db/enums";
import { STATUS_TONES } from "./list-controls";

describe("status colours", () => {
  it("gives each registration status its own colour, and each contact status too", () => {
    for (const statuses of [REGISTRATION_STATUSES, CONTACT_STATUSES]) {
      const tones = statuses.map((status) => STATUS_TONES[status]);
      expect(tones.every(Boolean)).toBe(true);
      expect(new Set(tones).size).toBe(statuses.length);
    }
  });
});
