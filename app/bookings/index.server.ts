export {
  addParticipant,
  type BookingChangeOutcome,
  type BookingChanger,
  cancelBooking,
  confirmBooking,
  moveBooking,
  resendDocuments,
  substituteParticipant,
  updateBookingDetails,
  updateChannelConsent,
  updateSmsConsent,
} from "./booking-page/booking-changes.server";
export { type BookingPage, findBooking, getBookingPage } from "./booking-page/booking-view.server";
export * from "./index";
export { listCourseInterests } from "./interest/course-interest.server";
export { submitInterestForm } from "./interest/interest-form.server";
export { bookingsPersonalData, lockBookingsPart } from "./personal-data.server";
export {
  type ClientBookingPage,
  changeClientBooking,
  clientCertificates,
  clientNitaPack,
  clientOrganisations,
  clientStatement,
  getClientBooking,
  getClientSharing,
  inviteColleague,
  listClientBookings,
  type PortalOutcome,
  removeColleague,
} from "./portal/portal-bookings.server";
export {
  type Client,
  endClientSession,
  forgetOldPortalRows,
  getClient,
  inspectSignInLink,
  redeemSignInLink,
  requestSignInLink,
  requireClient,
} from "./portal/portal-session.server";
export {
  type ApiBookingOutcome,
  confirmationFromUrl,
  submitApiBooking,
  submitRegistrationForm,
} from "./registration-form.server";
export { courseHasHistory, courseHistory } from "./run-bookings/history.server";
export { cancelCourseRun } from "./run-bookings/run-cancellation.server";
export {
  changeRunSession,
  createCourseRun,
  deleteCourseRun,
  listRunsWithHistory,
  runKeptBecause,
  updateCourseRun,
} from "./run-bookings/run-changes.server";
export {
  cancelParticipant,
  confirmParticipant,
  getRunRoster,
  moveParticipant,
  type RosterOutcome,
} from "./run-bookings/run-roster.server";
export {
  acceptPostponement,
  describePostponement,
  type PostponementOutcome,
  type PostponementView,
} from "./run-decisions/postponement.server";
export { type DecisionOutcome, decideRun } from "./run-decisions/run-decision.server";
export { bookingsToday } from "./today.server";
export {
  claimOffer,
  describeOffer,
  type OfferView,
  offerLapsedHolds,
  offerRunSeats,
  sweepExpiredOffers,
} from "./waiting-list/waitlist-offer.server";
