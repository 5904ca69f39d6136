import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadMallocTrim } from "./native-memory";

const root = path.resolve(import.meta.dirname, "..");

describe.runIf(process.platform === "linux")("native memory release", () => {
  it("is built by npm install and answers whether glibc gave memory back", () => {
    const trim = loadMallocTrim(root);
    expect(trim, "native/malloc-trim/build is missing: npm install builds it").toBeTypeOf("function");
    expect(typeof trim?.()).toBe("boolean");
  });

  it("is undefined where the addon is not there", () => {
    expect(loadMallocTrim(path.join(root, "no-such-root"))).toBeUndefined();
  });
});
