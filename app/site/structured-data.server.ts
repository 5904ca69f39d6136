import { env } from "#app/platform/env.server";
import type { CourseView } from "#app/site/catalogue/course.server";
import type { SiteContent } from "#app/site/seed/site-content";
import { toEatDateTime } from "#app/utils/dates";
import { isFullyBooked } from "#app/utils/runs";

const COUNTRY_CODES: Record<string, string> = { Kenya: "KE", Uganda: "UG", Rwanda: "RW", Tanzania: "TZ" };
const OFFICE_COUNTRIES: Record<string, string> = {
  Nairobi: "KE",
  Mombasa: "KE",
  Kampala: "UG",
  Kigali: "RW",
};

// Built in the loaders, so the browser gets the finished JSON-LD and none of the code that builds it.

/** The site's origin, without a trailing slash. */
export function publicOrigin() {
  return env().PUBLIC_URL.replace(/\/$/, "");
}

/** schema.org Organization with one PostalAddress per office. */
export function organizationJsonLd(
  origin: string,
  contact: SiteContent["contact"],
  offices: SiteContent["offices"],
) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: "Mafunzo Training & Consultancy",
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    foundingDate: "2000",
    email: contact.email,
    telephone: contact.phone,
    areaServed: ["Kenya", "Uganda", "Rwanda", "Tanzania"],
    address: offices.map((office) => ({
      "@type": "PostalAddress",
      name: `${office.city} (${office.region})`,
      streetAddress: office.address,
      addressLocality: office.city,
      addressCountry: OFFICE_COUNTRIES[office.city] ?? "KE",
      telephone: office.phone,
    })),
  };
}

const ATTENDANCE: Record<string, string> = {
  physical: "https://schema.org/OfflineEventAttendanceMode",
  virtual: "https://schema.org/OnlineEventAttendanceMode",
  hybrid: "https://schema.org/MixedEventAttendanceMode",
  "self-paced": "https://schema.org/OnlineEventAttendanceMode",
};

/** schema.org Course with a CourseInstance per dated run (East Africa Time, prices in KES). */
export function courseJsonLd(origin: string, course: CourseView) {
  const url = `${origin}/courses/${course.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": url,
    name: course.title,
    description: course.description ?? course.title,
    url,
    provider: { "@type": "Organization", name: "Mafunzo Training & Consultancy", url: `${origin}/` },
    hasCourseInstance: course.runs
      // past runs are history: search engines get only the dates still on offer
      .filter((run) => run.startDate && !run.past)
      .map((run) => {
        const [locality] = (run.venue ?? "").split(",");
        return {
          "@type": "CourseInstance",
          name: run.label ?? course.title,
          courseMode:
            run.deliveryMode === "physical" ? "Onsite" : run.deliveryMode === "hybrid" ? "Blended" : "Online",
          attendanceMode: ATTENDANCE[run.deliveryMode],
          startDate: toEatDateTime(run.startDate as string),
          ...(run.endDate ? { endDate: toEatDateTime(run.endDate, "17:00:00") } : {}),
          ...(course.durationDays ? { courseWorkload: `P${course.durationDays}D` } : {}),
          location: {
            "@type": "Place",
            name: run.venue ?? "To be confirmed",
            address: {
              "@type": "PostalAddress",
              addressLocality: locality?.trim() || run.venue,
              addressCountry: COUNTRY_CODES[run.country ?? ""] ?? run.country ?? "KE",
            },
          },
          ...(run.cost != null
            ? {
                offers: {
                  "@type": "Offer",
                  price: run.cost.toFixed(2),
                  priceCurrency: "KES",
                  category: "Paid",
                  url: `${origin}/register?course=${course.slug}&run=${run.id}`,
                  availability:
                    run.status === "open" && !isFullyBooked(run)
                      ? "https://schema.org/InStock"
                      : "https://schema.org/SoldOut",
                },
              }
            : {}),
        };
      }),
  };
}
