// What the tests reach in delivery beyond its contract (index.server.ts): internals a test drives or
// inspects directly. Only tests import this file (lint rule `only-tests-use-testing-surfaces`).
export { renderSignInSheet } from "./attendance/sign-in-sheet.server";
export { renderCertificate } from "./certificates/certificate-pdf.server";
export type { DeliveryRun } from "./delivery-run.server";
export { sendFeedbackRequests } from "./feedback/feedback.server";
export { NITA_DRAFT_MARK } from "./nita/nita-draft.server";
export { parseReminderDays, reminderDueAt, scheduleReminders } from "./reminders/run-reminder.server";
