import fs from "node:fs";
import { expect, test } from "@playwright/test";
import {
  COURSE_SLUG,
  formKey,
  readSubmissions,
  startAppServer,
  tempDataDir,
} from "../../scripts/reliability/app-server.mjs";

type Case = {
  name: string;
  path?: "/register" | "/contact";
  fields?: Record<string, string>;
  body?: string | Buffer | ReadableStream;
  contentType?: string | null;
  status: number;
  message: string;
  /** a key issued just now, as a script that posts straight after loading the page would send */
  freshKey?: boolean;
};

const person = () => ({ name: "Wanjiku Kamau", email: "wanjiku@example.com", formKey: formKey() });
const reg = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries({ ...person(), course: COURSE_SLUG, ...fields }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
const msg = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries({ ...person(), intent: "contact", source: "home", ...fields }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as Record<string, string>;
const urlencoded = (raw: string) => ({ body: raw, contentType: "application/x-www-form-urlencoded" });
const keyed = (raw: string) => `${raw}&course=${COURSE_SLUG}&formKey=${formKey()}`;

const REQUIRED = "Please fill in all required fields";
const EMAIL = "Please enter a valid email address.";
const PHONE = "Please enter a valid phone number";
const NOT_ALLOWED = "contains characters that are not allowed (control characters or invalid UTF-8).";
const ENCODING = "Please send the form as application/x-www-form-urlencoded or multipart/form-data.";
const TOO_LARGE = "The form is too large: at most 64 KB can be sent.";

// built after the server is up, so the form keys' ages are what each case says
const buildCases = (): Case[] => [
  { name: "registration without a name", fields: reg({ name: undefined }), status: 400, message: REQUIRED },
  { name: "registration without an e-mail", fields: reg({ email: "" }), status: 400, message: REQUIRED },
  { name: "registration without a course", fields: reg({ course: "" }), status: 400, message: REQUIRED },
  {
    name: "contact without a name",
    path: "/contact",
    fields: msg({ name: "" }),
    status: 400,
    message: REQUIRED,
  },
  {
    name: "contact without an e-mail",
    path: "/contact",
    fields: msg({ email: undefined }),
    status: 400,
    message: REQUIRED,
  },
  { name: "everything empty", fields: { formKey: formKey() }, status: 400, message: REQUIRED },
  { name: "a name of spaces", fields: reg({ name: "    " }), status: 400, message: REQUIRED },
  {
    name: "SQL in the name, no course",
    fields: reg({ name: "x'); drop table users; --", course: "" }),
    status: 400,
    message: REQUIRED,
  },
  {
    name: "name over 200",
    fields: reg({ name: "n".repeat(201) }),
    status: 400,
    message: "Name must be at most 200 characters.",
  },
  {
    name: "name of 10,000",
    path: "/contact",
    fields: msg({ name: "n".repeat(10_000) }),
    status: 400,
    message: "Name must be at most 200 characters.",
  },
  {
    name: "organisation over 200",
    fields: reg({ organization: "o".repeat(201) }),
    status: 400,
    message: "Organisation must be at most 200 characters.",
  },
  {
    name: "e-mail over 254",
    fields: reg({ email: `${"e".repeat(64)}@${"d".repeat(190)}.com` }),
    status: 400,
    message: "Email must be at most 254 characters.",
  },
  {
    name: "registration message over 5,000",
    fields: reg({ message: "m".repeat(5001) }),
    status: 400,
    message: "Message must be at most 5,000 characters.",
  },
  {
    name: "contact message over 5,000",
    path: "/contact",
    fields: msg({ message: "m".repeat(5001) }),
    status: 400,
    message: "Message must be at most 5,000 characters.",
  },
  {
    name: "course of interest over 200",
    path: "/contact",
    fields: msg({ courseInterest: "c".repeat(201) }),
    status: 400,
    message: "Course of interest must be at most 200 characters.",
  },
  ...[
    "plainaddress",
    "@no-local.org",
    "a@b",
    "a@@b.com",
    "a b@c.com",
    "<script>@x.com",
    "x@y.com\r\nBcc: z@z.com",
  ].map(
    (email): Case => ({
      name: `bad e-mail ${JSON.stringify(email)}`,
      fields: reg({ email }),
      status: 400,
      message: EMAIL,
    }),
  ),
  ...["abc", "123", "+254 <script>", "0712; drop table"].map(
    (phone): Case => ({ name: `bad phone ${phone}`, fields: reg({ phone }), status: 400, message: PHONE }),
  ),
  {
    name: "phone over 20",
    fields: reg({ phone: "1".repeat(21) }),
    status: 400,
    message: "Phone number must be at most 20 characters.",
  },
  {
    name: "course path traversal",
    fields: reg({ course: "../../etc/passwd" }),
    status: 400,
    message: "Please choose a course from the list.",
  },
  {
    name: "course SQL",
    fields: reg({ course: "'; drop table courses; --" }),
    status: 400,
    message: "Please choose a course from the list.",
  },
  {
    name: "course markup",
    fields: reg({ course: "<img src=x onerror=alert(1)>" }),
    status: 400,
    message: "Please choose a course from the list.",
  },
  {
    name: "unknown course",
    fields: reg({ course: "no-such-course" }),
    status: 400,
    message: "The selected course is not available for registration.",
  },
  {
    name: "run not a uuid",
    fields: reg({ run: "1 or 1=1" }),
    status: 400,
    message: "The selected course date is not valid.",
  },
  {
    name: "contact source forged",
    path: "/contact",
    fields: msg({ source: "admin" }),
    status: 400,
    message: "The form source is not valid.",
  },
  {
    name: "honeypot filled",
    fields: reg({ website: "http://spam.example" }),
    status: 400,
    message: "This submission looks automated",
  },
  {
    name: "no form key",
    fields: reg({ formKey: undefined }),
    status: 400,
    message: "This form is incomplete or has expired.",
  },
  {
    name: "form key with markup",
    fields: reg({ formKey: "<script>alert(1)</script>" }),
    status: 400,
    message: "This form is incomplete or has expired.",
  },
  {
    name: "form key of SQL",
    fields: reg({ formKey: "1' or '1'='1" }),
    status: 400,
    message: "This form is incomplete or has expired.",
  },
  {
    name: "submitted instantly",
    fields: reg({}),
    freshKey: true,
    status: 400,
    message: "Please check your details",
  },
  {
    name: "markup in name with a bad e-mail",
    fields: reg({ name: "<script>alert('x')</script>", email: "bad" }),
    status: 400,
    message: EMAIL,
  },
  {
    name: "name twice",
    ...urlencoded(keyed("name=A&name=B&email=a%40example.com")),
    status: 400,
    message: 'The field "name" was sent more than once.',
  },
  {
    name: "e-mail twice",
    ...urlencoded(keyed("name=A&email=a%40example.com&email=b%40example.com")),
    status: 400,
    message: 'The field "email" was sent more than once.',
  },
  {
    name: "form key twice",
    ...urlencoded(`name=A&email=a%40example.com&formKey=${formKey()}&formKey=${formKey()}`),
    status: 400,
    message: 'The field "formKey" was sent more than once.',
  },
  {
    name: "invalid UTF-8 (%FF)",
    ...urlencoded(keyed("name=Jo%FFhn&email=a%40example.com")),
    status: 400,
    message: `Name ${NOT_ALLOWED}`,
  },
  {
    name: "overlong UTF-8 (%C0%AF)",
    ...urlencoded(keyed("name=%C0%AF&email=a%40example.com")),
    status: 400,
    message: `Name ${NOT_ALLOWED}`,
  },
  {
    name: "truncated UTF-8 sequence",
    ...urlencoded(keyed("name=Caf%C3&email=a%40example.com")),
    status: 400,
    message: `Name ${NOT_ALLOWED}`,
  },
  {
    name: "raw invalid bytes",
    body: Buffer.concat([
      Buffer.from("name=Bad"),
      Buffer.from([0xc3, 0x28, 0xa0]),
      Buffer.from(keyed("&email=a%40example.com")),
    ]),
    contentType: "application/x-www-form-urlencoded",
    status: 400,
    message: `Name ${NOT_ALLOWED}`,
  },
  {
    name: "NUL byte",
    ...urlencoded(keyed("name=A%00B&email=a%40example.com")),
    status: 400,
    message: `Name ${NOT_ALLOWED}`,
  },
  {
    name: "bell character in the message",
    ...urlencoded(keyed("name=A&email=a%40example.com&message=ding%07")),
    status: 400,
    message: `Message ${NOT_ALLOWED}`,
  },
  {
    name: "JSON body",
    body: JSON.stringify(reg({})),
    contentType: "application/json",
    status: 415,
    message: ENCODING,
  },
  {
    name: "text/plain body",
    body: "name=A&email=a@example.com",
    contentType: "text/plain",
    status: 415,
    message: ENCODING,
  },
  {
    name: "XML body",
    body: "<registration><name>A</name></registration>",
    contentType: "application/xml",
    status: 415,
    message: ENCODING,
  },
  { name: "no content type", body: "name=A", contentType: null, status: 415, message: ENCODING },
  {
    name: "multipart without a boundary",
    body: "name=A",
    contentType: "multipart/form-data",
    status: 400,
    message: "The form data could not be read.",
  },
  {
    name: "100 KB body",
    ...urlencoded(keyed(`name=A&email=a%40example.com&message=${"x".repeat(100_000)}`)),
    status: 413,
    message: TOO_LARGE,
  },
  { name: "1 MB body", ...urlencoded(`message=${"y".repeat(1_000_000)}`), status: 413, message: TOO_LARGE },
  {
    name: "chunked body without a length",
    body: new Blob(["name=A"]).stream(),
    contentType: "application/x-www-form-urlencoded",
    status: 411,
    message: "Please send the form with a Content-Length header",
  },
  {
    name: "5,000 stray fields",
    ...urlencoded(Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&")),
    status: 400,
    message: "The form has a field it does not expect.",
  },
  {
    name: "a sparse array index in a field name",
    ...urlencoded(keyed("name=A&email=a%40example.com&x%5B4294967294%5D=1")),
    status: 400,
    message: "The form has a field it does not expect.",
  },
];

test("at least 50 hostile or malformed submissions: each a 4xx with a clear message, nothing stored", async () => {
  test.setTimeout(150_000);
  const dataDir = tempDataDir("bad-input");
  const server = await startAppServer({ dataDir });
  try {
    const cases = buildCases();
    expect(cases.length).toBeGreaterThanOrEqual(50);
    for (const [index, c] of cases.entries()) {
      let body = c.body;
      let contentType = c.contentType === undefined ? "application/x-www-form-urlencoded" : c.contentType;
      if (c.fields) {
        body = new URLSearchParams({
          ...c.fields,
          ...(c.freshKey ? { formKey: formKey(0) } : {}),
        }).toString();
        contentType = "application/x-www-form-urlencoded";
      }
      if (c.name === "multipart with a file") contentType = null;
      const headers: Record<string, string> = {
        origin: server.url,
        "x-forwarded-for": `198.51.100.${index + 1}`,
      };
      if (contentType) headers["content-type"] = contentType;
      const response = await fetch(`${server.url}${c.path ?? "/register"}`, {
        method: "POST",
        headers,
        body: body as BodyInit,
        duplex: "half",
      } as RequestInit);
      const text = (await response.text())
        .replaceAll("&quot;", '"')
        .replaceAll("&#x27;", "'")
        .replaceAll("&#39;", "'")
        .replaceAll("&amp;", "&");
      expect(response.status, c.name).toBe(c.status);
      expect(text, c.name).toContain(c.message);
      expect(text, `${c.name}: visitor markup must come back escaped`).not.toContain("<script>alert");
    }
    // a file in a multipart form
    const form = new FormData();
    for (const [k, v] of Object.entries(reg({}))) form.set(k, v);
    form.set("attachment", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "cv.pdf");
    const upload = await fetch(`${server.url}/register`, {
      method: "POST",
      headers: { origin: server.url, "x-forwarded-for": "198.51.100.250" },
      body: form,
    });
    expect(upload.status).toBe(400);
    expect(await upload.text()).toContain("Files cannot be attached to this form.");

    // the server keeps serving, and a good registration still goes through
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const good = await fetch(`${server.url}/register`, {
      method: "POST",
      headers: {
        origin: server.url,
        "x-forwarded-for": "203.0.113.9",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(reg({})),
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("Registration Successful!");
  } finally {
    await server.stop();
  }
  try {
    const stored = await readSubmissions({ dataDir });
    expect(stored.registrations).toHaveLength(1);
    expect(stored.contacts).toHaveLength(0);
    expect(stored.outbox).toHaveLength(1);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
