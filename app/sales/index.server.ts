export { submitContactForm } from "./contact-form.server";
export {
  type EngagementPage,
  engagementBilledBy,
  getEngagementPage,
  listEngagements,
  listEngagementsOf,
} from "./engagements/engagement.server";
export {
  cancelEngagement,
  type EngagementOutcome,
  reachMilestone,
  saveMilestonePlan,
} from "./engagements/milestone.server";
export {
  countDueFollowUps,
  type EnquiryFilter,
  type EnquiryOutcome,
  getEnquiry,
  listEnquiries,
  listOrganisationEnquiries,
  updateEnquiry,
} from "./enquiries/enquiry.server";
export { takeInHouseHandoff } from "./enquiries/in-house-handoff.server";
export { submitInHouseRequest } from "./enquiries/in-house-request.server";
export { getPipeline, listPipelineForExport, PIPELINE_EXPORT_HEADER } from "./enquiries/pipeline.server";
export * from "./index";
export { matchBookingsToOrganisations } from "./organisations/organisation-match.server";
export {
  getOrganisationPage,
  listOrganisations,
  type OrganisationPage,
} from "./organisations/organisation-page.server";
export {
  type DoubtfulPair,
  keepOrganisationsApart,
  listDoubtfulPairs,
  mergeOrganisations,
  type ReviewOutcome,
} from "./organisations/organisation-review.server";
export { salesPersonalData } from "./personal-data.server";
export {
  acceptQuote,
  declineQuote,
  getQuote,
  listEnquiryQuotes,
  listQuotableCourses,
  type QuoteOutcome,
  type QuoteView,
  quotePath,
  quoteRefusal,
  quoteSignatureValid,
  quoteVatRule,
  sendQuote,
} from "./quotes/quote.server";
export { previewQuote } from "./quotes/quote-preview.server";
export { readQuoteTerms } from "./quotes/quote-terms.server";
export { salesToday } from "./today.server";
