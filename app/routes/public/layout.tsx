import { Outlet } from "react-router";
import { Footer } from "#app/components/layout/footer";
import { Header } from "#app/components/layout/header";
import { getSiteContent } from "#app/models/site-content.server";
import type { Route } from "./+types/layout";

export async function loader() {
  const { contact, offices } = await getSiteContent(["contact", "offices"]);
  return { contact, offices };
}

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
