export { openBillingBooking } from "./billing-booking.server";
export { type LockedBooking, lockBooking } from "./booking-lock.server";
export {
  linkBookingToOrganisation,
  moveOrganisationBookings,
  setBookingWithholding,
} from "./booking-organisation.server";
export { searchBookings, searchParticipants } from "./booking-search.server";
export { deriveBookingStatus } from "./booking-status.server";
export { courseSnapshot } from "./course-snapshot.server";
export * from "./index";
export { setAttendanceStatus, setParticipantsPaid } from "./participant-status.server";
export { bookPrivateRun } from "./private-run-booking.server";
export { privateRunOrganisation } from "./private-run-organisation.server";
export {
  BOOKING_PARAM,
  payPath,
  payUrl,
  readBookingReference,
  readSignedReference,
  signBookingReference,
} from "./references/booking-link.server";
export { findBookingByReference, newBookingReference } from "./references/booking-reference.server";
export {
  listRegistrationCourses,
  type RegistrationCourse,
  type RegistrationRun,
} from "./seats/registration-courses.server";
export { lockRunSeats, lockRunsSeats, SEAT_HOLDING_STATUSES, seatsForRuns } from "./seats/run-seats.server";
export {
  listUpcomingRuns,
  publicCourse,
  publicCourses,
  type UpcomingRun,
  upcomingRuns,
} from "./seats/runs-with-seats.server";
export { describeHolds, holdRun, holdSeats, lapsedHolds, releaseSeatHold } from "./seats/seat-holds.server";
