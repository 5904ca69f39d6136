import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JOBS } from "./jobs.server";

// docs/architecture.md is the map of record (DESIGN §4): it must name every job and every feature as they are.
const root = path.resolve(import.meta.dirname, "..");
const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** The rows of the first table after `heading`, as arrays of trimmed cells. */
function tableAfter(heading: string): string[][] {
  const rest = doc.slice(doc.indexOf(heading));
  const rows: string[][] = [];
  for (const line of rest.split("\n").slice(1)) {
    if (line.startsWith("|"))
      rows.push(
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    else if (rows.length > 0) break;
  }
  return rows.slice(2); // the header and its rule
}

function every(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

describe("docs/architecture.md", () => {
  it("lists every background job with its interval, and no other", () => {
    const rows = tableAfter("## Background jobs");
    expect(rows.map(([name]) => name).sort()).toEqual(JOBS.map((job) => job.name).sort());
    for (const job of JOBS) {
      const row = rows.find(([name]) => name === job.name);
      expect(row?.[1], job.name).toMatch(new RegExp(`^${every(job.intervalMs)}\\b`));
    }
  });

  it("maps every feature folder once, and only folders that exist", () => {
    const features = fs
      .readdirSync(path.join(root, "app"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) =>
        ["index.ts", "index.server.ts"].some((f) => fs.existsSync(path.join(root, "app", entry.name, f))),
      )
      .map((entry) => entry.name);
    const mapped = tableAfter("## The feature map").map(
      ([folder]) => folder?.match(/^`app\/([\w-]+)\/`$/)?.[1],
    );
    expect([...mapped].sort()).toEqual([...features, "platform"].sort());
  });

  it("states the feature order the linter enforces", () => {
    const cruiser = fs.readFileSync(path.join(root, ".dependency-cruiser.cjs"), "utf8");
    const order = cruiser.match(/const FEATURES = \[([^\]]*)\]/)?.[1];
    expect(order, "FEATURES in .dependency-cruiser.cjs").toBeDefined();
    const names = [...(order ?? "").matchAll(/"([\w-]+)"/g)].map((m) => m[1]);
    expect(doc).toContain(`**Features in one order**: ${names.join(" → ")}.`);
  });
});
