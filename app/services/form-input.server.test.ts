import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LoginSchema } from "#app/schemas/auth";
import { SITE_CONTENT_SCHEMAS } from "#app/schemas/site-content";
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

  it("answers a multipart body with thousands of parts with a refusal, not a crash", async () => {
    const parts = new FormData();
    for (let i = 0; i < 5_000; i += 1) parts.append("a", "1");
    const error = await refusal(
      readFormData(post("/admin/documents", parts), z.object({ title: z.string() })),
    );
    expect(error.message).toBe("The form has too many fields.");
  });
});
