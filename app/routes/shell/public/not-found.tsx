import { data, Link } from "react-router";
import { logger } from "#app/platform/logger.server";
import type { Route } from "./+types/not-found";

export function loader({ url }: Route.LoaderArgs) {
  // the address asked for, not the request: a click in the browser asks for <path>.data
  const { pathname } = url;
  logger.warn({ path: pathname }, "404: no route for path");
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Mafunzo" },
  { name: "robots", content: "noindex" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-4 text-slate-600">
        We could not find <code className="rounded bg-slate-100 px-1">{loaderData.pathname}</code>. It may
        have moved.
      </p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
        Go back home
      </Link>
    </section>
  );
}
