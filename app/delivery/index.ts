export { AttendanceMarkSchema, AttendanceQuerySchema } from "./attendance/attendance";
export { CertificateActionSchema } from "./certificates/certificate";
export { FeedbackActionSchema, FeedbackSchema } from "./feedback/feedback";
export { JoiningInstructionsSchema } from "./instructions/joining-instructions";
export { NITA_SCAN_MESSAGES, NitaQuerySchema, NitaScanSchema } from "./nita/nita";
export { RunTrainersSchema } from "./trainers";
