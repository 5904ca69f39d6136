import { expect, test } from "@playwright/test";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";
import {
  adminCookie,
  answersHealth,
  multipartBody,
  pngClaiming,
  postDeclaringHugeBody,
  postRaw,
  rssMb,
} from "../helpers/hostile";

// One regression test per finding of the hostile-input review, against a production build of its own
// (lockouts and throttling must not disturb the shared server).
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startAppServer>>;
let base: string;
let cookie: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startAppServer();
  base = server.url;
  cookie = await adminCookie(base, "owner@mafunzo.test", "Hostile-Input-2026");
});
test.afterAll(async () => server?.stop());

const form = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
  body,
});

async function timed(request: Promise<Response>) {
  const started = performance.now();
  const response = await request;
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, response };
}

test("a sparse array index in a field name is refused at once, and the server keeps serving", async () => {
  const bodies: [string, string][] = [
    ["/admin/login", "email=a%40b.co&password=x&x%5B4294967294%5D=1"],
    ["/admin/signup", "email=a%40b.co&password=xxxxxx&confirmPassword=yyyyyy&x%5B4294967294%5D=1"],
    ["/admin/login", "x%5B10000000%5D=1"],
    ["/register", "name=a&x%5B4294967294%5D=1"],
  ];
  // the first answer of each page loads its code: measure what the hostile bodies add, not the server's warming
  for (const [path] of bodies) await (await fetch(`${base}${path}`)).arrayBuffer();
  const rssBefore = rssMb(server.pid as number);
  for (const [path, body] of bodies) {
    for (let i = 0; i < 3; i += 1) {
      const { status, ms } = await timed(fetch(`${base}${path}`, form(body)));
      expect(status, `${path} ${body}`).toBe(400);
      expect(ms).toBeLessThan(1000);
      expect(await answersHealth(base)).toBe(true);
    }
  }
  expect(rssMb(server.pid as number) - rssBefore).toBeLessThan(100);
});

test("an oversized multipart body to login or signup is refused before it is read", async () => {
  for (const path of ["/admin/login", "/admin/signup", "/admin/courses/new"]) {
    const status = await postDeclaringHugeBody(base, path, {
      declaredBytes: 300 * 1024 * 1024,
      sendBytes: 64 * 1024,
      contentType: "multipart/form-data; boundary=x",
    });
    expect(status, path).toBe(413);
  }
  const chunked = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: base },
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("--x\r\n"));
        controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
  expect(chunked.status).toBe(411);
  expect(await answersHealth(base)).toBe(true);
});

test("logout and every other state-changing request from another origin is refused", async () => {
  const foreign: Record<string, string>[] = [
    { Origin: "http://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
  ];
  for (const headers of foreign) {
    const logout = await fetch(`${base}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, ...headers },
    });
    expect(logout.status, JSON.stringify(headers)).toBe(403);
  }
  const stillIn = await fetch(`${base}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(stillIn.status).toBe(200);
  const crossRegister = await fetch(`${base}/register`, form("name=a", { Origin: "https://mafunzo.evil" }));
  expect(crossRegister.status).toBe(403);
});

test("malformed dates and NUL characters in admin list queries fall back instead of failing", async () => {
  const queries = ["from=2020-13-45", "to=9999-99-99", "q=%00", "from=2026-02-30&to=x", "q=%00%01&page=-1"];
  for (const list of ["/admin/registrations", "/admin/contacts", "/admin/audit-logs"]) {
    for (const query of queries) {
      for (const path of [list, `${list}/export`]) {
        const response = await fetch(`${base}${path}?${query}`, { headers: { Cookie: cookie } });
        const body = await response.text();
        expect(response.status, `${path}?${query}`).toBe(200);
        expect(body.length).toBeGreaterThan(0);
      }
    }
  }
});

test("a path parameter no record could have is a 404, never a 500", async () => {
  for (const path of [
    "/courses/%00",
    "/courses/a%00b",
    "/courses/%ff",
    "/services/%00",
    "/files/%00/x",
    "/media/%00",
  ]) {
    const response = await fetch(`${base}${path}`);
    expect(response.status, path).toBeGreaterThanOrEqual(400);
    expect(response.status, path).toBeLessThan(500);
  }
  for (const path of ["/admin/registrations/%00", "/admin/courses/%00"]) {
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
    expect(response.status, path).toBeLessThan(500);
  }
});

test("an image whose header claims 16000×16000 pixels is refused from the header, as an image or a document, and nothing is stored", async () => {
  const png = await pngClaiming(16_000, 16_000);
  expect(png.length).toBeLessThan(1024 * 1024);
  const upload = new FormData();
  upload.set("intent", "upload");
  upload.set("title", "Bomb");
  upload.set("component", "hero");
  upload.set("file", new Blob([png], { type: "image/png" }), "bomb.png");
  const rssBefore = rssMb(server.pid as number);
  const { status, ms, response } = await timed(
    fetch(`${base}/admin/images`, {
      method: "POST",
      body: upload,
      headers: { Cookie: cookie, Origin: base },
    }),
  );
  expect(status).toBe(413);
  expect(ms).toBeLessThan(1000);
  expect(rssMb(server.pid as number) - rssBefore).toBeLessThan(100);
  expect(response.headers.get("content-type")).toBeTruthy();
  const list = await (await fetch(`${base}/admin/images`, { headers: { Cookie: cookie } })).text();
  expect(list).not.toContain("Bomb");

  // the same rule for a PNG uploaded as a document, which would be served inline as it came
  const document = new FormData();
  document.set("intent", "upload");
  document.set("title", "Scanned bomb");
  document.set("category", "manual");
  document.set("file", new Blob([png], { type: "image/png" }), "scan.png");
  const refused = await fetch(`${base}/admin/documents`, {
    method: "POST",
    body: document,
    headers: { Cookie: cookie, Origin: base },
  });
  expect(refused.status).toBe(413);
  expect(await refused.text()).toContain("16,000 × 16,000 pixels");
  const documents = await (await fetch(`${base}/admin/documents`, { headers: { Cookie: cookie } })).text();
  expect(documents).not.toContain("Scanned bomb");
});

test("an upload with 5,000 parts is a 400, not a 500", async () => {
  const parts = new FormData();
  for (let i = 0; i < 5_000; i += 1) parts.append("title", "x");
  const { body, contentType } = await multipartBody(parts);
  const status = await postRaw(base, "/admin/images", { Cookie: cookie, "Content-Type": contentType }, body);
  expect(status).toBe(400);
  expect(await answersHealth(base)).toBe(true);
});

test("static files carry the security headers", async () => {
  const home = await (await fetch(`${base}/`)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
  expect(asset).toBeTruthy();
  for (const path of [asset as string, "/favicon.svg"]) {
    const response = await fetch(`${base}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  }
});

test("every 429 says when to come back", async () => {
  let limited: Response | undefined;
  for (let i = 0; i < 12 && !limited; i += 1) {
    const response = await fetch(
      `${base}/contact`,
      form("intent=contact&source=contact&name=&email=", { "X-Forwarded-For": "198.51.100.42" }),
    );
    if (response.status === 429) limited = response;
  }
  expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);

  let locked: Response | undefined;
  for (let i = 0; i < 8 && !locked; i += 1) {
    const response = await fetch(
      `${base}/admin/login`,
      form("email=owner%40mafunzo.test&password=wrong", { "X-Forwarded-For": "198.51.100.43" }),
    );
    if (response.status === 429) locked = response;
  }
  expect(locked?.headers.get("retry-after")).toMatch(/^\d+$/);
});
