export { InterestSchema } from "./interest/interest";
export { RegistrationSchema } from "./registration";
export { RosterActionSchema } from "./runs/run-roster";
