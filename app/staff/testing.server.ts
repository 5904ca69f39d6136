// What the tests reach in staff beyond its contract (index.server.ts): internals a test drives or
// inspects directly. Only tests import this file (lint rule `only-tests-use-testing-surfaces`).
export { WRONG_CURRENT_PASSWORD } from "./accounts/account.server";
export { createAdmin, findUserByEmail, listAdmins } from "./accounts/user.server";
export { relyingParty } from "./second-factor/passkey.server";
export { WRONG_FACTOR_MESSAGE } from "./second-factor/second-factor.server";
export { totpCode, totpStep } from "./second-factor/totp.server";
export { SESSION_ABSOLUTE_MS, STEP_UP_MAX_AGE_MS, startSession } from "./sign-in/auth.server";
export { INVALID_CREDENTIALS_MESSAGE, LOCK_WINDOW_MS, MAX_FAILED_LOGINS } from "./sign-in/login.server";
export { hashPassword } from "./sign-in/password.server";
