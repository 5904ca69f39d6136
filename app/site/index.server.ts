export {
  type BookableCourse,
  type CourseFilter,
  type CourseRunView,
  type CourseView,
  type CourseWithRuns,
  isPossibleSlug,
  listActiveCourseSlugs,
  listActiveCoursesWithoutSeats,
  listCourseYears,
} from "./catalogue/course.server";
export {
  courseKeeping,
  deleteCourse,
  findCourseForAdmin,
  listCoursesForAdmin,
  setCourseArchived,
} from "./catalogue/course-admin.server";
export { saveCourseSubmission } from "./catalogue/course-form.server";
export {
  type History,
  type HistoryCount,
  hasHistory,
  plural,
  runKeptReason,
  runStanding,
} from "./catalogue/course-history.server";
export {
  listRunsForCourse,
  type RunOrganisationName,
  runColumns,
} from "./catalogue/course-runs.server";
export { ICS_CONTENT_TYPE } from "./catalogue/icalendar.server";
export {
  createPrivateRun,
  deleteRunRecord,
  insertCourseRun,
  lockRun,
  NO_SUCH_RUN,
  type RunWriteOutcome,
  runCurrencyOf,
  saveCourseRun,
} from "./catalogue/run-admin.server";
export {
  type CalendarFilter,
  type CalendarRun,
  findCalendarRun,
  listUpcomingRunsWithoutSeats,
  listUpcomingVenues,
  runCalendarInvite,
  runFileName,
  runsCalendar,
} from "./catalogue/run-calendar.server";
export {
  addGazettedHoliday,
  DEFAULT_END,
  DEFAULT_START,
  defaultSessions,
  editRunSession,
  listGazettedHolidays,
  type RunSession,
  runHolidays,
  runSessionsOf,
  type SessionEdit,
  type SessionRun,
  sessionsOfRuns,
} from "./catalogue/run-sessions.server";
export { UPCOMING_RUN_DAYS, upcomingRunsWithoutSeats } from "./catalogue/upcoming-runs.server";
export type { ClientLogoView } from "./content/client-logo.server";
export {
  type AdminClientLogo,
  createClientLogo,
  deleteClientLogo,
  listClientLogosForAdmin,
  updateClientLogo,
} from "./content/client-logo-admin.server";
export {
  type CourseFacilitatorView,
  type FacilitatorView,
  listCourseFacilitators,
} from "./content/facilitator.server";
export {
  type AdminFacilitator,
  createFacilitator,
  deleteFacilitator,
  listFacilitatorCourseChoices,
  listFacilitatorsForAdmin,
  updateFacilitator,
} from "./content/facilitator-admin.server";
export { getFirmIdentity } from "./content/firm-identity.server";
export { getPaymentDetails, type PaymentDetails } from "./content/payment-details.server";
export { type AboutPerson, aboutPeople, replacePortrait } from "./content/portraits.server";
export { getSiteContent, getSiteContentUpdatedAt, getSiteContentValue } from "./content/site-content.server";
export { updateSiteContentSection } from "./content/site-content-admin.server";
export type { TestimonialView } from "./content/testimonial.server";
export {
  createTestimonial,
  deleteTestimonial,
  listTestimonialsForAdmin,
  updateTestimonial,
} from "./content/testimonial-admin.server";
export { getDocument, getLatestActiveDocument, listDocuments } from "./documents/document.server";
export { deleteDocument, uploadDocument } from "./documents/documents.server";
export {
  CONFIRM_FIELD,
  type Fields,
  failure,
  guard,
  HONEYPOT_FIELD,
  newFormKey,
  PUBLIC_FORM_EXTRAS,
  readFormFields,
  reply,
} from "./forms/public-forms.server";
export {
  documentImageDataUrl,
  removeDocumentImage,
  saveDocumentImage,
} from "./images/document-images.server";
export { addPictureToGallery, GALLERY_MESSAGES, saveGalleryImage } from "./images/gallery.server";
export {
  deleteImage,
  MAX_IMAGE_PIXELS,
  PUBLIC_MEDIA_KEY,
  replaceImageFile,
  uploadImage,
} from "./images/images.server";
export type { GalleryImageView, ImageComponent } from "./images/website-image.server";
export {
  type ImageUsage,
  imageUsages,
  listGalleryImagesForAdmin,
  listImages,
} from "./images/website-image-admin.server";
export * from "./index";
export {
  type AcceptOutcome,
  acceptLaunchItem,
  goLiveRefusal,
  type LaunchItem,
  launchBlockers,
  launchChecklist,
} from "./launch/launch-checklist.server";
export { checkPublicDataVersion, enablePublicCache, publicPageVersion } from "./public-cache.server";
export {
  notifiedAdmins,
  publicBookableCourses,
  publicClientLogos,
  publicCourseFacilitators,
  publicCoursesWithoutSeats,
  publicCourseWithoutSeats,
  publicCourseYears,
  publicFacilitators,
  publicGalleryImages,
  publicSettings,
  publicSiteContent,
  publicTestimonials,
  publicVatNote,
} from "./public-data.server";
export {
  publicBrochurePdf,
  publicCataloguePdf,
  publicDownloadResponse,
  publicRegistrationFormPdf,
} from "./public-downloads.server";
export { loadPublicLayout, type PublicLayoutData } from "./public-layout.server";
export { seedDatabase } from "./seed/seed.server";
export { courseJsonLd, organizationJsonLd, publicOrigin } from "./structured-data.server";
