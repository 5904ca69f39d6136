export {
  BOOKING_REFERENCE_PATTERN,
  BOOKING_RULES,
  type BookingAction,
  BookingActionSchema,
  BookingDetailsSchema,
} from "./booking-page/booking-rules";
export { InterestSchema } from "./interest/interest";
export { RegistrationSchema } from "./registration";
export { RosterActionSchema } from "./runs/run-roster";
