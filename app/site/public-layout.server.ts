import { data } from "react-router";
import { env } from "#app/platform/env.server";
import { telHref, whatsappHref } from "#app/utils/phone";
import { yearSpan } from "#app/utils/runs";
import {
  publicComponentImages,
  publicCourseYears,
  publicSettings,
  publicSiteContent,
} from "./public-data.server";

const MAINTENANCE_RETRY_SECONDS = 1800;

/** What every public page's layout shows; a site in maintenance answers 503 with the page that says so. */
export async function loadPublicLayout() {
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
  const { registration_enabled, seats_left_threshold, nita_provider_number } = settings;
  return {
    contact,
    offices,
    // said in the footer and on course pages only once the admin has entered the number
    accreditation: nita_provider_number
      ? `NITA registered training provider No. ${nita_provider_number}`
      : null,
    images,
    settings: { registration_enabled, seats_left_threshold },
    // made here, so the phone's action bar carries no number parser in every page's JavaScript (decision 0662)
    quickActions: { call: telHref(contact.phone), chat: whatsappHref(contact.whatsapp) },
    catalogueYears,
    publicUrl: env().PUBLIC_URL,
  };
}

export type PublicLayoutData = Awaited<ReturnType<typeof loadPublicLayout>>;
