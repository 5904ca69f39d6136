import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  controlCharactersMessage,
  hasControlCharacters,
  noControlCharacters,
  refusesControlCharacters,
  showControlCharacters,
  withoutControlCharacters,
} from "./control-characters";

const UNTYPED = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u007f",
  "\u0085",
  "\ud800",
  "\udfff",
  "\ufffd",
];

describe("control characters", () => {
  it.each(UNTYPED)("finds %j anywhere in a value, and removes it", (character) => {
    expect(hasControlCharacters(`Wanjiku${character}Kamau`)).toBe(true);
    expect(withoutControlCharacters(`Wanjiku${character}Kamau`)).toBe("WanjikuKamau");
  });

  it("lets tab and line breaks through in text, but not in a one-line value", () => {
    expect(hasControlCharacters("Line one\r\nLine two\tend")).toBe(false);
    expect(withoutControlCharacters("a\tb\r\nc")).toBe("a\tb\r\nc");
    for (const character of ["\t", "\n", "\r"]) {
      expect(hasControlCharacters(`a${character}b`, { oneLine: true })).toBe(true);
    }
  });

  it("leaves every typed character alone: accents, other scripts, emoji (a surrogate pair), RTL text", () => {
    const typed = "Ŵanjikũ Çelik – Đặng 王秀英 مرحبا 🎓 \u00a0 €1,000";
    expect(hasControlCharacters(typed)).toBe(false);
    expect(hasControlCharacters(typed, { oneLine: true })).toBe(false);
    expect(withoutControlCharacters(typed)).toBe(typed);
  });

  it("gives a schema its own message, marked so the form reader leaves the refusal to it", () => {
    const name = z
      .string()
      .max(20)
      .check(noControlCharacters(controlCharactersMessage("Name")));
    const result = name.safeParse("A\u0000B");
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Name contains characters that are not allowed (control characters or invalid UTF-8).",
    ]);
    expect(refusesControlCharacters(name)).toBe(true);
    expect(refusesControlCharacters(name.optional().transform((v) => v ?? null))).toBe(true);
    // a schema that refuses the value for another reason does not count
    expect(refusesControlCharacters(z.string().max(20))).toBe(false);
    expect(refusesControlCharacters(z.string().min(5))).toBe(false);
    expect(refusesControlCharacters(z.enum(["a", "b"]))).toBe(false);
  });
});

describe("one-line values from machines (M-PESA callbacks)", () => {
  it("drops tabs and line breaks too, and writes every one out for the person who checks it", () => {
    expect(withoutControlCharacters("MF-\u0000X\t\n", { oneLine: true })).toBe("MF-X");
    expect(showControlCharacters("MF-\u0000X\u001b\t")).toBe("MF-\\u0000X\\u001b\\u0009");
    expect(showControlCharacters("Wanjiku Kamau")).toBe("Wanjiku Kamau");
  });
});
