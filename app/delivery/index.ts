export {
  AttendanceMarkSchema,
  AttendanceQuerySchema,
  ConfirmReportMatchSchema,
  MeetingReportSchema,
  SessionMeetingSchema,
} from "./attendance/attendance";
export { CertificateActionSchema } from "./certificates/certificate";
export {
  breakEven,
  COST_BASIS_LABELS,
  COST_KIND_LABELS,
  type CostLine,
  costFor,
  DECISION_LABELS,
  DECISION_NOTICE_DAYS,
  decisionDate,
  marginAt,
  NO_CONTRACT_DECISION_DAYS,
  penaltyPercentOn,
  percentOf,
  RemoveCostSchema,
  type RunCostInput,
  RunCostSchema,
  type RunDecision,
  type RunDecisionInput,
  RunDecisionSchema,
  RunEconomicsActionSchema,
} from "./economics/economics";
export { FeedbackActionSchema, FeedbackSchema } from "./feedback/feedback";
export { JoiningInstructionsSchema } from "./instructions/joining-instructions";
export { MeetingAccountFormSchema } from "./meetings/meeting-account";
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
