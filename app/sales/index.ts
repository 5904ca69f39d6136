export { ContactQuerySchema, ContactSchema } from "./contact";
export { CONTACT_ABOUT, CONTACT_ABOUT_LABELS, type ContactAbout } from "./contact-about";
export {
  ENGAGEMENT_STATUS_LABELS,
  ENGAGEMENT_STATUSES,
  type EngagementStatus,
  MAX_MILESTONES,
  type MilestonePlan,
  MilestonePlanSchema,
  MilestoneReachSchema,
} from "./engagements/engagement";
export {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_NEXT,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  type EnquiryUpdate,
  EnquiryUpdateSchema,
  IN_HOUSE_MESSAGES,
  InHouseRequestSchema,
} from "./enquiries/enquiry";
export { type OrganisationPairAction, OrganisationPairSchema } from "./organisations/organisation-review";
export {
  MAX_QUOTE_LINES,
  QUOTABLE_STATUSES,
  QUOTE_KIND_LABELS,
  QUOTE_KINDS,
  QUOTE_LINE_KIND_LABELS,
  QUOTE_LINE_KINDS,
  QUOTE_STATUS_LABELS,
  type QuoteAcceptance,
  QuoteAcceptSchema,
  QuoteDeclineSchema,
  type QuoteInput,
  type QuoteKind,
  type QuoteLineKind,
  QuoteSchema,
  type QuoteStatus,
  quoteSubject,
} from "./quotes/quote";
export { priceTypedLines, quoteVatText } from "./quotes/quote-pricing";
