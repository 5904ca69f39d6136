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
import { Toaster, toast } from "sonner";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "./components/nonce-provider";
import { getToast } from "./services/toast.server";

export const links: Route.LinksFunction = () => [
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
        <Toaster
          position="top-right"
          closeButton
          toastOptions={{ classNames: { description: "!text-slate-700" } }}
        />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{`${title} | Mafunzo`}</title>
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? "The page you are looking for does not exist or has moved."
          : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
        Go back home
      </a>
    </main>
  );
}
