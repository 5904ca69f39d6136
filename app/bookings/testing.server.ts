// What the tests reach in bookings beyond its contract (index.server.ts): internals a test drives or
// inspects directly. Only tests import this file (lint rule `only-tests-use-testing-surfaces`).
export {
  type BookingOutcome,
  bookGroup,
  createBooking,
  findBookingConfirmation,
  type NewBooking,
} from "./booking.server";
export { REGISTRATION_MESSAGES } from "./registration";
