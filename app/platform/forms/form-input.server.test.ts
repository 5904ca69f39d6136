import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requiredText } from "#app/platform/forms/form-fields";
import { SITE_CONTENT_SCHEMAS } from "#app/site/index.server";
import { LoginSchema } from "#app/staff/index.server";
import { FormRefusal, readFormData } from "./form-input.server";
import { formShape } from "./form-shape";

const post = (path: string, body: string | FormData, type = "application/x-www-form-urlencoded") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: typeof body === "string" ? { "content-type": type } : {},
  });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormRefusal);
  return error as FormRefusal;
}

describe("formShape", () => {
  it("declares object keys, bounded array indices and nested fields", () => {
    const shape = formShape(
      z.object({ name: z.string().max(20), people: z.array(z.object({ email: z.string() })).max(3) }),
    );
    expect(shape.resolve("name")?.leaf.maxLength).toBe(20);
    expect(shape.resolve("people[2].email")).not.toBeNull();
    expect(shape.resolve("people[3].email")).toBeNull();
    expect(shape.resolve("people[02].email")).toBeNull();
    expect(shape.resolve("people[4294967294].email")).toBeNull();
    expect(shape.resolve("x[4294967294]")).toBeNull();
    expect(shape.resolve("people")).toBeNull();
    expect(shape.resolve("__proto__")).toBeNull();
    expect(shape.maxFields).toBe(4);
  });

  it("reads through preprocess, transforms and unions (the content sections)", () => {
    const shape = formShape(Object.values(SITE_CONTENT_SCHEMAS), ["section"]);
    expect(shape.resolve("items[0].city")).not.toBeNull();
    expect(shape.resolve("items[3].phone")).not.toBeNull();
    expect(shape.resolve("stats[2].label")?.leaf.maxLength).toBe(80);
    expect(shape.resolve("section")).not.toBeNull();
    expect(shape.resolve("items[1000].city")).toBeNull();
  });
});

describe("readFormData", () => {
  it("returns the declared fields of a url-encoded body", async () => {
    const form = await readFormData(
      post("/admin/login", "email=a%40b.co&password=x&redirectTo=%2Fadmin"),
      LoginSchema,
    );
    expect(Object.fromEntries(form)).toEqual({ email: "a@b.co", password: "x", redirectTo: "/admin" });
  });

  it("refuses the 45-byte body that once took the server down, without building an array", async () => {
    const started = performance.now();
    const error = await refusal(
      readFormData(post("/admin/login", "email=a%40b.co&password=x&x%5B4294967294%5D=1"), LoginSchema),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("The form has a field it does not expect.");
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("refuses undeclared names, repeats, too many fields and over-long values", async () => {
    expect(
      (await refusal(readFormData(post("/admin/login", "email=a&email=b"), LoginSchema))).message,
    ).toContain("more than once");
    const tags = z.object({ tags: z.array(z.string().max(10)).max(3) });
    expect(Object.fromEntries(await readFormData(post("/admin/x", "tags=a&tags=b"), tags))).toEqual({
      tags: "b",
    });
    const many = Array.from({ length: 50 }, () => "tags=1").join("&");
    expect((await refusal(readFormData(post("/admin/x", many), tags))).message).toBe(
      "The form has too many fields.",
    );
    const long = await refusal(readFormData(post("/admin/login", `email=${"e".repeat(300)}`), LoginSchema));
    expect(long).toMatchObject({ field: "email", message: "Email must be at most 254 characters" });
  });

  it("refuses other content types, files on forms without one, and bodies over the path's limit", async () => {
    expect(
      (await refusal(readFormData(post("/admin/login", "{}", "application/json"), LoginSchema))).status,
    ).toBe(415);
    const withFile = new FormData();
    withFile.set("email", "a@b.co");
    withFile.set("password", new Blob(["x"]), "x.txt");
    expect((await refusal(readFormData(post("/admin/login", withFile), LoginSchema))).message).toBe(
      "Files cannot be attached to this form.",
    );
    const big = new FormData();
    big.set("password", "p".repeat(20_000));
    expect((await refusal(readFormData(post("/admin/login", big), LoginSchema))).status).toBe(413);
  });

  it("leaves a control character to a field whose schema refuses it, and refuses it in any other field", async () => {
    const schema = z.object({
      name: requiredText("Name"),
      kind: z.enum(["a", "b"]),
      pin: z.string().max(20),
    });
    // the schema answers with its own message, so the form keeps its values
    const kept = await readFormData(post("/admin/x", "name=A%00B&kind=a"), schema);
    expect(kept.get("name")).toBe("A\u0000B");
    for (const [field, body] of [
      ["kind", "kind=%01"],
      ["pin", "pin=1234%1B"],
      ["intent", "intent=save%7F"],
      ["pin", "pin=%C3%28"],
    ] as const) {
      const error = await refusal(readFormData(post("/admin/x", body), schema, { extra: ["intent"] }));
      expect(error.status).toBe(400);
      expect(error.field).toBe(field);
      expect(error.message).toBe(
        `The field "${field}" contains characters that are not allowed (control characters or invalid UTF-8).`,
      );
    }
    // two forms on one action: left to the schemas only if every one of them refuses it
    const loose = z.object({ name: z.string().max(500) });
    expect((await refusal(readFormData(post("/admin/x", "name=A%00B"), [schema, loose]))).field).toBe("name");
    // tab and line breaks are text
    const lines = await readFormData(post("/admin/x", "pin=a%09b%0D%0Ac"), schema);
    expect(lines.get("pin")).toBe("a\tb\r\nc");
  });

  it("hands an uploaded file's name over without its control characters", async () => {
    const parts = new FormData();
    parts.set("title", "Brochure");
    parts.set("file", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "bro\u0000chure\u001b.pdf");
    let received = "";
    await readFormData(post("/admin/documents", parts), z.object({ title: z.string() }), {
      file: {
        name: "file",
        maxBytes: 1024,
        tooLargeMessage: "too large",
        receive: async (_upload, name) => {
          received = name;
        },
      },
    });
    expect(received).toBe("brochure.pdf");
  });

  it("answers a multipart body with thousands of parts with a refusal, not a crash", async () => {
    const parts = new FormData();
    for (let i = 0; i < 5_000; i += 1) parts.append("a", "1");
    const error = await refusal(
      readFormData(post("/admin/documents", parts), z.object({ title: z.string() })),
    );
    expect(error.message).toBe("The form has too many fields.");
  });
});
