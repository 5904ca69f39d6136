export { BOOKING_REFERENCE_PATTERN, referenceIn } from "./references/booking-reference";
