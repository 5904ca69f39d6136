import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadMallocTrim } from "./native-memory";

const root = path.resolve(import.meta.dirname, "..");
// npm install builds the addon wherever node-gyp finds a C compiler; without one the server runs without it
const canBuild = process.platform === "linux" && spawnSync("cc", ["--version"]).status === 0;

describe.runIf(canBuild)("native memory release", () => {
  it("is built by npm install and answers whether glibc gave memory back", () => {
    const trim = loadMallocTrim(root);
    expect(trim, "native/malloc-trim/build is missing: npm install builds it").toBeTypeOf("function");
    expect(typeof trim?.()).toBe("boolean");
  });

  it("is undefined where the addon is not there", () => {
    expect(loadMallocTrim(path.join(root, "no-such-root"))).toBeUndefined();
  });
});
