import { data, isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorPage } from "#app/components/layout/error-page";
import { Footer } from "#app/components/layout/footer";
import { Header } from "#app/components/layout/header";
import { MaintenancePage } from "#app/components/public/maintenance-page";
import { env } from "#app/platform/env.server";
import {
  publicComponentImages,
  publicCourseYears,
  publicSettings,
  publicSiteContent,
} from "#app/site/public-data.server";
import { yearSpan } from "#app/utils/runs";
import type { Route } from "./+types/layout";

export const MAINTENANCE_RETRY_SECONDS = 1800;

export async function loader() {
  const [settings, { contact, offices }, images, years] = await Promise.all([
    publicSettings(),
    publicSiteContent(["contact", "offices"]),
    publicComponentImages(),
    publicCourseYears(),
  ]);
  if (settings.site_maintenance) {
    throw data(
      { email: contact.email },
      {
        status: 503,
        headers: { "Retry-After": String(MAINTENANCE_RETRY_SECONDS), "Cache-Control": "no-store" },
      },
    );
  }
  // "2026-2027": the years of the runs on offer, for every label that names the catalogue's years
  const catalogueYears = yearSpan(years);
  // only what the public components read: the page's hydration data carries every field sent here
  const { registration_enabled, seats_left_threshold } = settings;
  return {
    contact,
    offices,
    images,
    settings: { registration_enabled, seats_left_threshold },
    catalogueYears,
    publicUrl: env().PUBLIC_URL,
  };
}

export type PublicLayoutData = Awaited<ReturnType<typeof loader>>;

export const headers: Route.HeadersFunction = ({ errorHeaders, parentHeaders }) =>
  errorHeaders ?? parentHeaders;

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header contact={loaderData.contact} />
      <main id="main">
        <Outlet />
      </main>
      <Footer contact={loaderData.contact} offices={loaderData.offices} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <MaintenancePage email={(error.data as { email?: string } | null)?.email ?? "info@mafunzo.co.ke"} />
    );
  }
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
