export { changeOwnPassword, signOutOtherSessions } from "./accounts/account.server";
export { addAdmin, loadAdministratorsCard, removeAdmin } from "./accounts/admins.server";
export { listAdminRecipients, listFinanceRecipients } from "./accounts/notify.server";
export {
  announceFirstStart,
  needsSetupCode,
  SETUP_CODE_MESSAGE,
  setupCodeAccepted,
} from "./accounts/setup-code.server";
export { recordFailedSignup, signUpFirstAdmin } from "./accounts/signup.server";
export {
  acceptInvitation,
  deactivateStaff,
  findInvitation,
  inviteStaff,
  listStaff,
  reactivateStaff,
  resendInvitation,
  revokeInvitation,
  type StaffOutcome,
  setStaffRoles,
} from "./accounts/staff.server";
export { adminExists, countAdmins, isActiveTrainer, lockAdminAccounts } from "./accounts/user.server";
export * from "./index";
export { listPasskeys, listSecondFactorSummaries } from "./second-factor/factors.server";
export { authenticationOptions, registrationOptions } from "./second-factor/passkey.server";
export {
  addPasskey,
  confirmTotp,
  type FactorResult,
  factorChoices,
  pendingTotp,
  regenerateRecoveryCodes,
  removeOwnPasskey,
  removeTotp,
  renameOwnPasskey,
  startTotpEnrolment,
} from "./second-factor/second-factor.server";
export {
  type AdminSession,
  anonymousActor,
  ENROL_PATH,
  endSession,
  getAdmin,
  getAdminSession,
  hashToken,
  NOT_ALLOWED_MESSAGE,
  requireAdmin,
  requireAllowed,
  requireRecentVerification,
  requireRule,
  SECOND_FACTOR_MESSAGE,
  SESSION_IDLE_MS,
  staffOf,
  VERIFY_PATH,
} from "./sign-in/auth.server";
export { attemptLogin } from "./sign-in/login.server";
export {
  completeSignIn,
  PASSKEY_SIGN_IN_FAILED,
  signInWithPasskey,
  stepUp,
} from "./sign-in/second-step.server";
export { listUserSessions } from "./sign-in/session.server";
