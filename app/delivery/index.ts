export { AttendanceMarkSchema, AttendanceQuerySchema } from "./attendance/attendance";
export { CertificateActionSchema } from "./certificates/certificate";
export { FeedbackActionSchema, FeedbackSchema } from "./feedback/feedback";
export { JoiningInstructionsSchema } from "./instructions/joining-instructions";
export { NITA_SCAN_MESSAGES, NitaQuerySchema, NitaScanSchema } from "./nita/nita";
export {
  FeeMonthSchema,
  RESOURCE_CURRENCIES,
  RemoveLeaveSchema,
  type ResourceCurrency,
  ROOM_LAYOUT_LABELS,
  ROOM_LAYOUTS,
  type RoomLayout,
  RoomSchema,
  RunTrainerActionSchema,
  RunVenueActionSchema,
  TRAINER_ENGAGEMENTS,
  TrainerActionSchema,
  TrainerAnswerSchema,
  TrainerLeaveSchema,
  TrainerProfileSchema,
  VENUE_KINDS,
  VenueActionSchema,
  VenueSchema,
  WEEKDAY_LABELS,
} from "./resources/resources";
