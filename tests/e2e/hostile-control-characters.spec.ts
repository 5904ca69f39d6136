import { expect, type Page, test } from "@playwright/test";
import routes from "../../app/routes";
import { COURSE_SLUG, formKey, startAppServer, tempDataDir } from "../../scripts/reliability/app-server.mjs";
import { adminCookie, answersHealth, multipartBody } from "../helpers/hostile";

// Control characters thrown at every way in: every form the site shows (public and admin, each field in
// turn, with the form's own values otherwise), every parameterised route and the query strings of every page.
// No answer may be a 5xx, and afterwards no text in the database may hold a control character (decision 0631).
test.describe.configure({ timeout: 600_000 });

const CONTROLS = ["\u0000", "\u0001", "\u001b", "\u007f"];
/** The same characters as a path segment or a query value would carry them, plus a lone surrogate's bytes. */
const ENCODED = ["%00", "a%00b", "%01", "%1B", "%7F", "%ED%A0%80"];

type RouteEntry = { path?: string; children?: RouteEntry[] };
type FoundForm = { action: string; multipart: boolean; fields: [string, string][] };

/** Every route path of app/routes.ts with a parameter or a splat. */
function parameterisedPaths(entries = routes as RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = [parent, entry.path].filter(Boolean).join("/");
    const mine = /(^|\/)(:|\*)/.test(entry.path ?? "") ? [own] : [];
    return [...mine, ...parameterisedPaths(entry.children ?? [], own)];
  });
}

/** The site's own links and forms on one page, read by the browser. */
async function readPage(page: Page, url: string) {
  await page.goto(url);
  return page.evaluate(() => {
    const links = [...document.querySelectorAll("a[href]")]
      .map((a) => new URL((a as HTMLAnchorElement).href))
      .filter((u) => u.origin === location.origin)
      .map((u) => u.pathname + u.search);
    const forms = [...document.forms].map((form) => {
      const submitter = form.querySelector<HTMLButtonElement>(
        "button[type=submit][name], button:not([type])[name]",
      );
      const entries: [string, string][] = [];
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string") entries.push([name, value]);
      }
      if (submitter?.name && !entries.some(([n]) => n === submitter.name))
        entries.push([submitter.name, submitter.value]);
      return {
        method: (form.getAttribute("method") ?? "get").toLowerCase(),
        action: new URL(form.getAttribute("action") ?? "", location.href).pathname,
        multipart: form.enctype === "multipart/form-data",
        fields: entries,
      };
    });
    return { links, forms };
  });
}

async function post(
  base: string,
  form: FoundForm,
  fields: [string, string][],
  headers: Record<string, string>,
) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  const encoded = form.multipart
    ? await multipartBody(body)
    : {
        body: Buffer.from(new URLSearchParams(fields).toString()),
        contentType: "application/x-www-form-urlencoded",
      };
  const response = await fetch(`${base}${form.action}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": encoded.contentType, ...headers },
    body: encoded.body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Text columns (and JSON, as text) holding a control character other than tab, newline and return. */
async function controlCharactersStored(dataDir: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const path = await import("node:path");
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
  try {
    const columns = await db.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name, data_type } of columns.rows) {
      const text = data_type.startsWith("json") ? `"${column_name}"::text` : `"${column_name}"`;
      // raw characters, or (in JSON) the \u00XX escapes JSON writes them as
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from "${table_name}"
          where ${text} ~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]' or ${text} ~ '\\\\u00[01][0-9a-fA-F]'`,
      );
      if ((rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}: ${rows[0]?.n}`);
    }
    return found;
  } finally {
    await db.close();
  }
}

test("control characters in any form field, path parameter or query string: no 5xx, nothing stored", async ({
  page,
}) => {
  const dataDir = tempDataDir("controls");
  const server = await startAppServer({ dataDir });
  const failures: string[] = [];
  let sent = 0;
  let visitor = 0;
  const asVisitor = () => {
    visitor += 1;
    return { "X-Forwarded-For": `198.19.${(visitor >> 8) & 255}.${visitor & 255}` };
  };
  try {
    const base = server.url;
    const cookie = await adminCookie(base, "controls@mafunzo.test", "Control-Characters-2026");
    // a booking and a message, so the admin lists have rows to open and act on
    const booking = await fetch(`${base}/register`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...asVisitor() },
      body: new URLSearchParams({
        intent: "registration",
        name: "Wanjiku Kamau",
        email: "wanjiku@example.com",
        phone: "0712 345 678",
        course: COURSE_SLUG,
        formKey: formKey(),
      }),
    });
    expect(booking.status).toBeLessThan(400);

    const [host, port] = new URL(base).host.split(":");
    await page.context().addCookies([
      {
        name: cookie.split("=")[0] as string,
        value: cookie.slice(cookie.indexOf("=") + 1),
        domain: host,
        path: "/",
      },
    ]);
    expect(port).toBeTruthy();

    // every page two clicks from the home page and from the dashboard
    const seen = new Set<string>();
    const forms = new Map<string, FoundForm & { admin: boolean }>();
    // the names the loaders read (besides those of the pages' own filter forms)
    const queryNames = new Set(
      "q from to page status course run sort dir view category year venue redirectTo edit form org day booking upload waiting duplicates".split(
        " ",
      ),
    );
    let frontier = ["/", "/admin/dashboard"];
    for (let depth = 0; depth < 4 && frontier.length > 0; depth += 1) {
      const next: string[] = [];
      for (const url of frontier) {
        // one page of each kind: ids and query values do not make a new kind
        const [path, query = ""] = url.replace(/[0-9a-f-]{36}/g, ":id").split("?");
        const names = [...new URLSearchParams(query).keys()].sort().join("&");
        const key = names ? `${path}?${names}` : (path as string);
        if (
          seen.has(key) ||
          /\/(logout|export|downloads|artwork|media|files)\b|\.\w{2,4}$/.test(path as string)
        )
          continue;
        seen.add(key);
        const found = await readPage(page, `${base}${url}`);
        for (const form of found.forms) {
          if (form.method !== "post") {
            for (const [name] of form.fields) queryNames.add(name);
            continue;
          }
          if (form.action.endsWith("/logout")) continue;
          const intent = form.fields.find(([n]) => n === "intent")?.[1] ?? "";
          const names = form.fields
            .map(([n]) => n.replace(/\[\d+\]/g, "[]"))
            .sort()
            .join(",");
          const signature = `${form.action.replace(/[0-9a-f-]{36}/g, ":id")}|${intent}|${names}`;
          if (!forms.has(signature))
            forms.set(signature, { ...form, admin: form.action.startsWith("/admin") });
        }
        next.push(...found.links);
      }
      frontier = [...new Set(next)];
    }
    console.log(`walked ${seen.size} pages, ${forms.size} forms`);
    expect(seen.size).toBeGreaterThan(30);
    expect(forms.size).toBeGreaterThan(25);

    // every field of every form in turn, the form's own values otherwise
    for (const form of forms.values()) {
      for (let i = 0; i < form.fields.length; i += 1) {
        const [name, original] = form.fields[i] as [string, string];
        if (name === "formKey") continue;
        // NUL in every field, and one of the others in turn
        for (const control of ["\u0000", CONTROLS[1 + (i % (CONTROLS.length - 1))] as string]) {
          const fields = form.fields.map(([n, v], j): [string, string] => [
            n,
            j === i ? `${original || "A"}${control}B` : v,
          ]);
          const headers: Record<string, string> = asVisitor();
          if (form.admin) headers.Cookie = cookie;
          const status = await post(base, form, fields, headers).catch((e: Error) => `error ${e.message}`);
          sent += 1;
          if (typeof status === "string" || status >= 500)
            failures.push(`POST ${form.action} ${name}=${JSON.stringify(control)} → ${status}`);
        }
      }
    }

    // every parameterised route, each parameter in turn, read and posted to
    for (const pattern of parameterisedPaths()) {
      for (const value of ENCODED) {
        const url = `/${pattern.replace(/:\w+|\*/g, value)}`;
        for (const method of ["GET", "POST"]) {
          const response = await fetch(`${base}${url}`, {
            method,
            redirect: "manual",
            headers: {
              Origin: base,
              Cookie: cookie,
              "Content-Type": "application/x-www-form-urlencoded",
              ...asVisitor(),
            },
            body: method === "POST" ? "intent=x" : undefined,
          });
          await response.arrayBuffer();
          sent += 1;
          // read, such a parameter names nothing: 400 or 404, never a page, a redirect or a 5xx
          const refused = method === "GET" ? response.status >= 400 : response.status < 500;
          if (!refused || response.status >= 500) failures.push(`${method} ${url} → ${response.status}`);
        }
      }
    }

    // the query string of every page reached, every known filter name at once
    for (const key of seen) {
      if (key.includes(":id")) continue;
      for (const value of ENCODED) {
        const query = [...queryNames].map((name) => `${encodeURIComponent(name)}=${value}`).join("&");
        const path = key.split("?")[0] as string;
        const response = await fetch(`${base}${path}?${query}`, {
          redirect: "manual",
          headers: { Cookie: cookie },
        });
        await response.arrayBuffer();
        sent += 1;
        if (response.status >= 500) failures.push(`GET ${path}?${query} → ${response.status}`);
      }
    }

    expect(await answersHealth(base)).toBe(true);
    // still signed in: every admin form reached its action, none was turned away for a lost session
    const dashboard = await fetch(`${base}/admin/dashboard`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    console.log(`sent ${sent} requests with control characters`);
  } finally {
    await server.stop();
  }
  const stored = await controlCharactersStored(dataDir);
  expect({ failures, stored }).toEqual({ failures: [], stored: [] });
});
