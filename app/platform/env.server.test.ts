import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, EnvVariables, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("reads TRUST_PROXY as a hop count, a boolean or addresses", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail"],
    ["ADMIN_NOTIFY_EMAIL", "nobody"],
    ["SESSION_SECRET", "short"],
    ["OUTBOX_LEASE_SECONDS", "1"],
  ])("names %s when its value %s is bad", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });
});

describe("the configuration documents", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  // set by the npm scripts and the server entry, not by whoever configures an installation
  const variables = Object.keys(EnvVariables.shape).filter((name) => name !== "NODE_ENV");

  const manualRows = () => {
    const manual = fs.readFileSync(path.join(root, "docs/operating.md"), "utf8");
    const section = manual.slice(manual.indexOf("## Configuration"), manual.indexOf("## Databases"));
    return section
      .split("\n")
      .filter((line) => /^\| `/.test(line))
      .map((line) => {
        const [names = "", defaults = ""] = line.split("|").slice(1, 3);
        return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] as string), defaults };
      });
  };

  it(".env.example and the manual's table (docs/operating.md) list every variable of the schema, and nothing else", () => {
    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    const inExample = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...new Set(inExample)].sort()).toEqual([...variables].sort());
    expect(
      manualRows()
        .flatMap((row) => row.names)
        .sort(),
    ).toEqual([...variables].sort());
  });

  it("the manual states each variable's real default", () => {
    const defaults = parseEnv({}) as Record<string, unknown>;
    for (const { names, defaults: cell } of manualRows()) {
      const stated = [...cell.matchAll(/`([^`]+)`/g)].map((m) => (m[1] as string).replace("PORT", "3000"));
      names.forEach((name, i) => {
        const actual = defaults[name];
        // "unset", or a sentence such as "generated once into DATA_DIR": nothing is assumed
        if (stated.length === 0 || name === "SESSION_SECRET")
          expect([undefined, false], name).toContain(actual);
        else expect(String(actual), name).toBe(stated.length === names.length ? stated[i] : stated[0]);
      });
    }
  });
});
