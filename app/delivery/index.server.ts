export {
  attendanceForDay,
  attendanceSummary,
  type MarkOutcome,
  markAttendance,
  registerMarkedOn,
} from "./attendance/attendance.server";
export {
  certificatesDue,
  findCertificateFile,
  issueCertificates,
  listRunCertificates,
  revokeCertificate,
  type Verification,
  verifyCertificate,
} from "./certificates/certificate.server";
export {
  findDeliveryRun,
  LIVE_STATUSES,
  listLiveParticipants,
  runDatesText,
  runDays,
  runHours,
  sessionClock,
} from "./delivery-run.server";
export { sweepDelivery } from "./delivery-sweep.server";
export { goNoGoToday, tentativeNote } from "./economics/go-no-go.server";
export { type EconomicsReport, economicsReport } from "./economics/reports.server";
export { addRunCost, type CostOutcome, removeRunCost, runCurrency } from "./economics/run-costs.server";
export { type RunEconomics, revenueByRun, runEconomics, showUpRate } from "./economics/run-economics.server";
export { joiningRows, runCancelled } from "./emails.server";
export {
  type DraftOutcome,
  describeFeedbackLink,
  draftTestimonial,
  type FeedbackLink,
  listRunFeedback,
  submitFeedback,
} from "./feedback/feedback.server";
export * from "./index";
export {
  getJoiningInstructions,
  saveJoiningInstructions,
  writtenInstructions,
} from "./instructions/joining-instructions.server";
export {
  getMeetingAccount,
  meetingAccountsSummary,
  saveMeetingAccount,
} from "./meetings/meeting-accounts.server";
export {
  confirmNameMatch,
  type ImportOutcome,
  importMeetingReport,
  importReportCsv,
} from "./meetings/meeting-import.server";
export {
  createSessionMeeting,
  importFromMeeting,
  type MeetingOutcome,
  setMeetingLink,
} from "./meetings/session-meeting.server";
export {
  auditNitaPackExport,
  currentNitaDraftReasons,
  currentNitaPackGaps,
  gatherBookingNitaPack,
  gatherNitaPack,
  listRunOrganisations,
  NITA_PACK_REFUSED,
  type NitaGap,
  nitaFileBase,
  nitaPackFiles,
  nitaPackPdf,
  nitaPackRefusal,
} from "./nita/nita-pack.server";
export { currentRegisterScan, saveRegisterScan } from "./nita/register-scan.server";
export { deliveryPersonalData } from "./personal-data.server";
export { checkTrainer, roomClashes, type TakenDay, type TrainerCheck } from "./resources/clashes.server";
export {
  type FeeLine,
  type FeeStatement,
  feeStatement,
  monthName,
  statementMonth,
  WITHHOLDING_PERCENT,
  WITHHOLDING_THRESHOLD,
  withholdingFor,
} from "./resources/fee-statement.server";
export {
  addTrainerLeave,
  getTrainer,
  listCourseChoices,
  listTrainers,
  type ProfileOutcome,
  removeTrainerLeave,
  saveTrainerProfile,
} from "./resources/trainer-profile.server";
export {
  answerRequestAsTrainer,
  answerRequestByLink,
  describeRequestLink,
  listOpenRequests,
  listRunTrainerRequests,
  type RequestLink,
  type RequestOutcome,
  requestTrainer,
  withdrawTrainer,
} from "./resources/trainer-requests.server";
export {
  findRunHold,
  heldRoomRefusal,
  holdRoom,
  listRoomChoices,
  listVenues,
  releaseHold,
  saveRoom,
  saveVenue,
  type VenueOutcome,
} from "./resources/venues.server";
export { type RunRule, requireRun, requireRunAllowed, requireRunRole } from "./run-page.server";
export { deliveryToday } from "./today.server";
export { listRunTrainers, listTrainerCandidates, listTrainerRuns } from "./trainers.server";
