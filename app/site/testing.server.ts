// What the tests reach in site beyond its contract (index.server.ts): internals a test drives or
// inspects directly. Only tests import this file (lint rule `only-tests-use-testing-surfaces`).
export {
  countActiveCourses,
  countActiveCoursesByCategory,
  getActiveCourseBySlugWithoutSeats,
} from "./catalogue/course.server";
export { setSiteContent } from "./content/site-content.server";
export { FORM_RATE_LIMIT } from "./forms/public-forms.server";
export { storeImage, variantWidths } from "./images/images.server";
export { withPicture } from "./images/picture.server";
export { cachedPublic, markPublicDataChanged } from "./public-cache.server";
export type { PublicDownload } from "./public-downloads.server";
export { seedCourseTerms } from "./seed/course-terms";
export { seedCourses } from "./seed/courses";
export { seedGallery } from "./seed/gallery";
export { seedSiteContent } from "./seed/site-content";
