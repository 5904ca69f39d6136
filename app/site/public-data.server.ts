import { db } from "#app/platform/db/client.server";
import { getSettings } from "#app/platform/settings/setting.server";
import {
  type CourseFilter,
  countActiveCoursesByCategory,
  findActiveCourses,
  getActiveCourseBySlugWithoutSeats,
  listActiveCoursesWithoutSeats,
  listCourseYears,
} from "#app/site/catalogue/course.server";
import { listActiveClientLogos } from "#app/site/content/client-logo.server";
import { statesFigures, withCourseCounts } from "#app/site/content/course-count";
import { listActiveFacilitators, listCourseFacilitators } from "#app/site/content/facilitator.server";
import { getSiteContent, type SiteContentKey } from "#app/site/content/site-content.server";
import { listActiveTestimonials } from "#app/site/content/testimonial.server";
import { listComponentImages, listGalleryImages } from "#app/site/images/website-image.server";
import { listAdminRecipients } from "#app/staff/index.server";
import { vatNote } from "#app/utils/vat";
import { cachedPublic } from "./public-cache.server";

// The reads of the public pages' loaders, through the public data cache (decision 0600). Admin screens and
// actions read the models directly: they must see their own writes within the request.

export const publicSettings = () => cachedPublic("settings", () => getSettings());

/** "VAT 16% included" and the like, from the finance settings: said beside every fee the site quotes. */
export async function publicVatNote() {
  const settings = await publicSettings();
  return vatNote({
    registered: settings.vat_registered,
    ratePercent: settings.vat_rate,
    pricesIncludeVat: settings.prices_include_vat,
  });
}

/** The site copy as visitors read it: course counts written into its figures (see `COURSE_COUNT`). */
export const publicSiteContent = <K extends SiteContentKey>(keys: readonly K[]) =>
  cachedPublic(`content:${keys.join(",")}`, async () => {
    const content = await getSiteContent(keys);
    return statesFigures(keys) ? withCourseCounts(content, await publicCourseCounts()) : content;
  });

export const publicCourseCounts = () => cachedPublic("course-counts", () => countActiveCoursesByCategory());

export const publicComponentImages = () => cachedPublic("images:components", () => listComponentImages());

export const publicGalleryImages = () => cachedPublic("images:gallery", () => listGalleryImages());

export const publicCourseYears = () => cachedPublic("course-years", () => listCourseYears());

export const publicTestimonials = (options: { homeOnly?: boolean } = {}) =>
  cachedPublic(`testimonials:${options.homeOnly ? "home" : "all"}`, () => listActiveTestimonials(options));

export const publicClientLogos = () => cachedPublic("client-logos", () => listActiveClientLogos());

export const publicFacilitators = () => cachedPublic("facilitators", () => listActiveFacilitators());

export const publicCourseFacilitators = (courseId: string) =>
  cachedPublic(`facilitators:${courseId}`, () => listCourseFacilitators(courseId));

/**
 * Active courses with their runs from the cache. The free seats change with every booking and are never cached:
 * the booking's `publicCourses` reads them now and adds them.
 */
export async function publicCoursesWithoutSeats(filter: CourseFilter = {}) {
  // a visitor's search words are endless: searches are read afresh, never kept
  if (filter.words?.length) return listActiveCoursesWithoutSeats(filter);
  const key = `courses:${filter.categories?.join(",") ?? ""}:${filter.year ?? ""}:${filter.limit ?? ""}`;
  return cachedPublic(key, () => listActiveCoursesWithoutSeats(filter));
}

export async function publicCourseWithoutSeats(slug: string) {
  return cachedPublic(`course:${slug}`, () => getActiveCourseBySlugWithoutSeats(slug));
}

/**
 * The active courses of these slugs, as a registration books them (decision 0616). A course an admin changes
 * moves the public data version, so the next request in any process reads it again.
 */
export async function publicBookableCourses(slugs: readonly string[]) {
  const found = await Promise.all(
    [...new Set(slugs)].map((slug) =>
      cachedPublic(`bookable:${slug}`, async () => (await findActiveCourses(db(), [slug])).get(slug) ?? null),
    ),
  );
  return new Map(found.flatMap((course) => (course ? [[course.slug, course] as const] : [])));
}

/**
 * The addresses a new booking notifies (decision 0617). Not public, but kept under the same version: a trigger
 * moves it whenever the users change.
 */
export const notifiedAdmins = () => cachedPublic("admin-recipients", () => listAdminRecipients(db()));
