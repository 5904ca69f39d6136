import { describe, expect, it } from "vitest";
import routes from "./routes";

type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };

/** Every route module with the URLs it answers (a layout answers its children's). */
function modules(entries: Entry[], parent = ""): { file: string; urls: string[] }[] {
  return entries.flatMap((entry) => {
    const own = [parent, entry.path].filter(Boolean).join("/");
    const children = modules(entry.children ?? [], own);
    const urls = entry.path !== undefined || entry.index ? [own] : children.flatMap((child) => child.urls);
    return [{ file: entry.file, urls }, ...children];
  });
}

// Decision 0730: a screen lives in its feature's folder of app/routes/ (or the shell's); the office's (the URLs under
// /admin) at the top of it, everything else (the public site, the client portal, signed links, callbacks) in public/.
describe("app/routes/ layout", () => {
  const all = modules(routes as Entry[]);

  it("keeps each route module in a feature's folder, or its public/ folder", () => {
    for (const { file } of all) expect(file).toMatch(/^routes\/[a-z-]+\/(public\/)?[^/]+\.tsx?$/);
  });

  it("puts a module in public/ exactly when it answers outside /admin", () => {
    for (const { file, urls } of all) {
      const office = urls.map((url) => url === "admin" || url.startsWith("admin/"));
      expect(new Set(office).size, `${file} answers in and outside /admin`).toBe(1);
      expect(file.includes("/public/"), file).toBe(!office[0]);
    }
  });
});
