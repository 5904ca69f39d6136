export {
  BOOKING_RULES,
  type BookingAction,
  BookingActionSchema,
  type BookingChangeKind,
  BookingDetailsSchema,
  bookingChangeRefusal,
  bookingChangeRules,
} from "./booking-page/booking-rules";
export { InterestSchema } from "./interest/interest";
export {
  AccountActionSchema,
  CLIENT_SESSION_DAYS,
  PORTAL_MESSAGES,
  SIGN_IN_LINK_MINUTES,
  SignInRequestSchema,
} from "./portal/portal";
export { RegistrationSchema } from "./registration";
export { RosterActionSchema } from "./run-bookings/run-roster";
