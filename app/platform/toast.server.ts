import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { secureCookies } from "./env.server";
import { sessionSecret } from "./secret.server";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.input<typeof ToastSchema>;

type FlashData = { toast: z.infer<typeof ToastSchema> };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;
const toastStorage = () => {
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: "mafunzo_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secrets: [sessionSecret()],
      secure: secureCookies(),
    },
  });
  return storage;
};

/** A Set-Cookie header carrying a toast to show after the next navigation. */
export async function toastHeader(toast: Toast) {
  const session = await toastStorage().getSession();
  session.flash("toast", ToastSchema.parse(toast));
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the pending toast. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { "Set-Cookie": await toastStorage().destroySession(session) } : undefined,
  };
}
