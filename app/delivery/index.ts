export { AttendanceMarkSchema, AttendanceQuerySchema } from "./attendance/attendance";
export { CertificateActionSchema } from "./certificates/certificate";
export { FeedbackActionSchema, FeedbackSchema } from "./feedback/feedback";
export { JoiningInstructionsSchema } from "./instructions/joining-instructions";
export { NITA_SCAN_MESSAGES, NitaQuerySchema, NitaScanSchema } from "./nita/nita";
export {
  FeeMonthSchema,
  RESOURCE_CURRENCIES,
  ROOM_LAYOUT_LABELS,
  ROOM_LAYOUTS,
  type ResourceCurrency,
  type RoomLayout,
  RunTrainerActionSchema,
  RunVenueActionSchema,
  TRAINER_ENGAGEMENTS,
  RemoveLeaveSchema,
  RoomSchema,
  TrainerActionSchema,
  TrainerAnswerSchema,
  TrainerLeaveSchema,
  TrainerProfileSchema,
  VenueSchema,
  VENUE_KINDS,
  VenueActionSchema,
  WEEKDAY_LABELS,
} from "./resources/resources";
