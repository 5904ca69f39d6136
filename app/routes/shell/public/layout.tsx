import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorPage } from "#app/components/layout/error-page";
import { Footer } from "#app/components/layout/footer";
import { Header } from "#app/components/layout/header";
import { PhoneActionBar } from "#app/components/layout/phone-action-bar";
import { MaintenancePage } from "#app/components/public/maintenance-page";
import { loadPublicLayout } from "#app/site/index.server";
import type { Route } from "./+types/layout";

export async function loader() {
  return loadPublicLayout();
}

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
      <Footer
        contact={loaderData.contact}
        offices={loaderData.offices}
        accreditation={loaderData.accreditation}
      />
      <PhoneActionBar {...loaderData.quickActions} />
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
