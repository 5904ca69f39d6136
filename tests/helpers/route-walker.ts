import path from "node:path";
import routes from "#app/routes";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type Handler = (args: {
  request: Request;
  url: URL;
  pattern: string;
  context: unknown;
  params: Record<string, string>;
}) => unknown;
export type RouteModule = { loader?: Handler; action?: Handler; default?: unknown };
export type GuardedRoute = { file: string; url: string; path?: string; module: RouteModule };
/**
 * A credential to refuse: pages must redirect to `refusedTo` (the login page unless said), everything else
 * answer 401; `exempt` lists the calls ("file loader", "file action") that accept it by design.
 */
export type Credential = { name: string; cookie?: string; refusedTo?: string; exempt?: readonly string[] };

// reached without a session by design: signing up, signing in, the options for a passkey sign-in, and the
// invitation link that creates a staff account
const PUBLIC_ADMIN_FILES = new Set([
  "routes/staff/login.tsx",
  "routes/staff/signup.tsx",
  "routes/staff/login.passkey.ts",
  "routes/staff/invitation.tsx",
]);

const joinPath = (parent: string, child: string | undefined) =>
  [parent, child].filter(Boolean).join("/").replace(/\/+/g, "/");

/** A URL that matches a route path: parameters get a made-up value. */
function sampleUrl(routePath: string) {
  const filled = routePath
    .split("/")
    .map((segment) => (segment.startsWith(":") ? crypto.randomUUID() : segment === "*" ? "x" : segment))
    .join("/");
  return `/${filled}`;
}

/** Every office route in app/routes.ts (outside a public/ folder, or under /admin) but login and signup. */
export function adminRoutes(config: RouteEntry[] = routes as RouteEntry[]) {
  const found: { file: string; url: string; path: string }[] = [];
  const visit = (entries: RouteEntry[], parentPath: string) => {
    for (const entry of entries) {
      const own = joinPath(parentPath, entry.path);
      const underAdmin = own === "admin" || own.startsWith("admin/");
      const firstChildPath = entry.children?.find((c) => c.path)?.path;
      if ((!entry.file.includes("/public/") || underAdmin) && !PUBLIC_ADMIN_FILES.has(entry.file)) {
        const routePath = own || joinPath(parentPath, firstChildPath) || "admin";
        found.push({ file: entry.file, url: sampleUrl(routePath), path: routePath });
      }
      if (entry.children) visit(entry.children, own);
    }
  };
  visit(config, "");
  return found;
}

export async function importAdminRoutes(): Promise<GuardedRoute[]> {
  return Promise.all(
    adminRoutes().map(async (r) => ({
      ...r,
      module: (await import(path.resolve("app", r.file))) as RouteModule,
    })),
  );
}

async function settle(run: () => unknown) {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

function describeOutcome(value: unknown) {
  if (value instanceof Response) {
    return `HTTP ${value.status}${value.headers.get("Location") ? ` → ${value.headers.get("Location")}` : ""}`;
  }
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (statusOf(value)) return `data() with HTTP ${statusOf(value)}`;
  return `returned ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}`;
}

const isRedirectTo = (value: unknown, target: string) =>
  value instanceof Response &&
  value.status >= 300 &&
  value.status < 400 &&
  (value.headers.get("Location") ?? "").startsWith(`${target}?redirectTo=`);

/** The HTTP status of a Response or of data(…, { status }) (React Router's DataWithResponseInit). */
function statusOf(value: unknown) {
  if (value instanceof Response) return value.status;
  const init = (value as { type?: string; init?: ResponseInit | null } | null)?.init;
  return (value as { type?: string } | null)?.type === "DataWithResponseInit" ? init?.status : undefined;
}

const isUnauthorized = (value: unknown) => statusOf(value) === 401;

/**
 * Calls each route's loader (GET) and action (POST) with each credential and lists every call that was not
 * refused: a page's loader must redirect to /admin/login, anything else must answer 401.
 */
export async function findUnguardedCalls(
  modules: GuardedRoute[],
  credentials: Credential[],
  makeContext: () => unknown,
) {
  const problems: string[] = [];
  for (const { file, url, module } of modules) {
    for (const credential of credentials) {
      const headers: HeadersInit = credential.cookie ? { Cookie: credential.cookie } : {};
      const exempt = new Set(credential.exempt ?? []);
      const isLoginRedirect = (value: unknown) => isRedirectTo(value, credential.refusedTo ?? "/admin/login");
      if (module.loader && !exempt.has(`${file} loader`)) {
        const loader = module.loader;
        const request = new Request(`http://localhost${url}`, { headers });
        const outcome = await settle(() =>
          loader({ request, url: new URL(request.url), pattern: url, context: makeContext(), params: {} }),
        );
        const refused = module.default
          ? isLoginRedirect(outcome)
          : isLoginRedirect(outcome) || isUnauthorized(outcome);
        if (!refused) problems.push(`${file} loader, ${credential.name}: ${describeOutcome(outcome)}`);
      }
      if (module.action && !exempt.has(`${file} action`)) {
        const action = module.action;
        const request = new Request(`http://localhost${url}`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(),
        });
        const outcome = await settle(() =>
          action({ request, url: new URL(request.url), pattern: url, context: makeContext(), params: {} }),
        );
        if (!isUnauthorized(outcome))
          problems.push(`${file} action, ${credential.name}: ${describeOutcome(outcome)}`);
      }
    }
  }
  return problems;
}
