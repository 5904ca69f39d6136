import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, csvRow, csvText, keysetBatches, mapRows } from "./csv.server";

async function* from<T>(items: T[]) {
  yield* items;
}

describe("csv cells", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+254 700 000000", "'+254 700 000000"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["\rx", `"'\rx"`],
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["Nyambura Wanjiků", "Nyambura Wanjiků"],
  ])("%j becomes %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("writes empty cells for null, ISO text for dates, JSON for objects, numbers as they are", () => {
    expect(csvRow([null, undefined, new Date("2025-03-07T08:00:00Z"), { a: "=1" }, -5, 12.5])).toBe(
      `,,2025-03-07T08:00:00.000Z,"{""a"":""=1""}",-5,12.5\r\n`,
    );
  });

  it("neutralises JSON that would start a formula", () => {
    expect(csvCell(["=x"])).toBe('"[""=x""]"');
    expect(csvCell("=x")).toBe("'=x");
  });
});

describe("csv documents", () => {
  it("starts with a byte-order mark and ends records with CRLF", () => {
    expect(csvText(["A", "B"], [[1, "x"]])).toBe("\uFEFFA,B\r\n1,x\r\n");
  });

  it("streams a response with the download headers and the BOM bytes first", async () => {
    const response = csvResponse({
      filename: "registrations-2025-03-07.csv",
      header: ["Name"],
      rows: from([["Amina"], ["=evil()"]]),
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain('filename="registrations-2025-03-07.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      "\uFEFFName\r\nAmina\r\n'=evil()\r\n",
    );
  });

  it("pulls rows only as the reader asks for them", async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced++;
        yield [produced];
      }
    }
    const reader = csvResponse({ filename: "x.csv", header: ["n"], rows: endless() }).body?.getReader();
    await reader?.read(); // header
    await reader?.read(); // first chunk of rows
    expect(produced).toBeLessThanOrEqual(1000);
    await reader?.cancel();
  });
});

describe("keyset batches", () => {
  it("reads every row once, in batches, passing the previous batch's last row", async () => {
    const all = Array.from({ length: 25 }, (_, i) => ({ id: i }));
    const cursors: (number | null)[] = [];
    const rows = keysetBatches<{ id: number }>(async (after, limit) => {
      cursors.push(after?.id ?? null);
      const start = after ? after.id + 1 : 0;
      return all.slice(start, start + limit);
    }, 10);
    const seen: unknown[] = [];
    for await (const cells of mapRows(rows, (r) => [r.id])) seen.push(cells[0]);
    expect(seen).toEqual(all.map((r) => r.id));
    expect(cursors).toEqual([null, 9, 19]);
  });
});
