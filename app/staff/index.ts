export {
  AddPasskeySchema,
  FactorSchema,
  PasskeyOptionsSchema,
  PasskeySignInSchema,
  RemovePasskeySchema,
  RenamePasskeySchema,
  TotpCodeSchema,
} from "./second-factor/second-factor";
export {
  ADMIN_EXISTS_MESSAGE,
  AddAdminSchema,
  ChangePasswordSchema,
  LoginSchema,
  maxAdminsMessage,
  RemoveAdminSchema,
  SignupSchema,
  safeAdminRedirect,
} from "./sign-in/auth";
