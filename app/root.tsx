import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import { getToast } from "#app/platform/toast.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/layout/error-page";
import { useNonce } from "./components/nonce-provider";
import { Toasts, toast } from "./components/toast";

export const links: Route.LinksFunction = () => [
  // the Latin subset paints every page's first text: fetched with the stylesheet, not after it
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast: pending, headers } = await getToast(request);
  return data({ toast: pending }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c5c" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const pending = loaderData?.toast;
  useEffect(() => {
    if (!pending) return;
    const show =
      pending.type === "error" ? toast.error : pending.type === "info" ? toast.info : toast.success;
    show(pending.title, { description: pending.description });
  }, [pending]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
