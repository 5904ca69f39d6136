export { parseCalendarFilter } from "./catalogue/calendar-filter";
export {
  ACTIVE_STATUSES,
  COURSE_CATEGORIES,
  type CourseRunInput,
  CourseRunSchema,
  CourseSchema,
  DELIVERY_LABELS,
  DELIVERY_MODES,
  ETIMS_TAX_TYPES,
  FAITH_GROUPS,
  privateRunLabel,
  RUN_STATUSES,
} from "./catalogue/course";
export { COURSE_SEARCH_MAX, COURSE_SEARCH_MESSAGES, parseCourseFilter } from "./catalogue/course-filter";
export {
  type CourseOutlineDay,
  OUTLINE_LIMITS,
  outlineDays,
  outlineText,
  parseOutline,
} from "./catalogue/course-outline";
export { GazettedHolidaySchema, RunSessionSchema } from "./catalogue/run-sessions";
export { CLIENT_LOGO_MESSAGES, type ClientLogoInput, ClientLogoSchema } from "./content/client-logo";
export { COURSE_COUNT } from "./content/course-count";
export {
  FACILITATOR_BIO_MAX,
  FACILITATOR_MESSAGES,
  type FacilitatorInput,
  FacilitatorSchema,
} from "./content/facilitator";
export {
  isDrawnPortrait,
  PORTRAIT_MESSAGES,
  type PortraitInput,
  PortraitSchema,
} from "./content/portrait";
export {
  EDITABLE_CONTENT_KEYS,
  type EditableContentKey,
  isEditableContentKey,
  OFFICE_REGIONS,
  SITE_CONTENT_SCHEMAS,
} from "./content/site-content";
export { RATINGS, TestimonialSchema } from "./content/testimonial";
export {
  DOCUMENT_CATEGORIES,
  DOCUMENT_IMAGE_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  type DocumentImageKind,
  DocumentImageSchema,
  DocumentUploadSchema,
  GALLERY_CATEGORIES,
  GalleryAddSchema,
  GalleryImageSchema,
  GalleryReplaceSchema,
  GalleryUploadSchema,
  IMAGE_COMPONENTS,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageUploadSchema,
  LETTERHEAD_MESSAGES,
  optionLabel,
} from "./files";
export { emailField, type FormResult, optionalText, phoneField, requiredText } from "./forms/submission";
export { ADD_PARTICIPANT_FIELD, LIMITS, MAX_PARTICIPANT_ROWS } from "./forms/submission-limits";
export {
  type AcceptLaunchItemInput,
  AcceptLaunchItemSchema,
  LAUNCH_ITEM_KEYS,
  LAUNCH_MESSAGES,
  type LaunchItemKey,
} from "./launch/launch-checklist";
export type { Portrait, ServicePageKey, SiteContent } from "./seed/site-content";
