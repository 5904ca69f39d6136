import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../scripts/reliability/app-server.mjs";

describe("npm start's server flags (decision 0603)", () => {
  it("are the ones the benchmarked and tested servers run with", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { serve: string } };
    for (const flag of SERVER_NODE_FLAGS) expect(scripts.serve).toContain(` ${flag} `);
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(scripts.serve).toContain(`${name}=${value} `);
  });
});
