import fs from "node:fs";
import path from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";

// docs/glossary.md chooses one word for each thing (issue 49, decision 0789). Every string a person can read —
// string and template literals and JSX text in app/, not comments, regular expressions or identifiers — is
// scanned for the words the glossary says are not used, so a new screen, e-mail or document cannot bring them back.

const root = path.resolve(import.meta.dirname, "..");

/** A word the glossary rules out, and the one it chose instead. */
const BANNED: { pattern: RegExp; use: string }[] = [
  { pattern: /\bKSH\b|\bKsh\b|\bKShs?\b/, use: "KES" },
  { pattern: /\bPhysical\b/, use: "In person" },
  { pattern: /\bface-to-face\b/i, use: "In person" },
  { pattern: /\bMy runs\b/, use: "My course dates" },
  { pattern: /\b(Add|Save) (a )?[Rr]un\b/, use: "Add / Save a course date" },
  { pattern: /\bCourse runs? (added|updated|deleted)\b/i, use: "Course date added / updated / deleted" },
  { pattern: /\b(upcoming|scheduled) (course )?runs?\b/i, use: "upcoming course dates" },
  { pattern: /\bSystem Settings\b/, use: "Settings" },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

type Node = { type?: string; start?: number; value?: unknown; source?: unknown; [key: string]: unknown };

/** The text of every literal a person may read in one file, with its line. */
function readableTexts(file: string) {
  const code = fs.readFileSync(file, "utf8");
  const texts: { start: number; text: string }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    const at = node.start ?? 0;
    if (node.type === "Literal" && typeof node.value === "string")
      texts.push({ start: at, text: node.value });
    if (node.type === "JSXText" && typeof node.value === "string")
      texts.push({ start: at, text: node.value });
    if (node.type === "TemplateElement") {
      const cooked = (node.value as { cooked?: string | null }).cooked;
      if (cooked) texts.push({ start: at, text: cooked });
    }
    for (const [key, child] of Object.entries(node)) {
      // module names are not read by anyone
      if (key === "source" && /^(Import|Export)/.test(node.type ?? "")) continue;
      visit(child);
    }
  };
  visit(parseAst(code, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }));
  const lineOf = (offset: number) => code.slice(0, offset).split("\n").length;
  return { texts, lineOf };
}

describe("one vocabulary (docs/glossary.md)", () => {
  it("app/ shows none of the words the glossary rules out", () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(root, "app"))) {
      const { texts, lineOf } = readableTexts(file);
      for (const { start, text } of texts) {
        for (const { pattern, use } of BANNED) {
          const match = pattern.exec(text);
          if (match) found.push(`${path.relative(root, file)}:${lineOf(start)}: "${match[0]}" (use ${use})`);
        }
      }
    }
    expect(found).toEqual([]);
    // parsing every file of app/ takes seconds on a loaded two-core machine
  }, 60_000);

  it("finds a ruled-out word in a string, a template and JSX text, and not in a comment or a regular expression", () => {
    const file = path.join(fs.mkdtempSync(path.join(root, "node_modules", ".vocabulary-")), "sample.tsx");
    fs.writeFileSync(
      file,
      [
        "// KSH in a comment is not read by anyone",
        'const a = "Fee: KSH 95,000";',
        "const b = a + `In the room: Physical`;",
        "const c = <p>Back to My runs</p>;",
        'const d = /^(KSH|KES)/i.test("KES 1");',
      ].join("\n"),
    );
    const texts = readableTexts(file).texts.map((t) => t.text);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const hits = texts.filter((text) => BANNED.some(({ pattern }) => pattern.test(text)));
    expect(hits).toEqual(["Fee: KSH 95,000", "In the room: Physical", "Back to My runs"]);
  });
});
