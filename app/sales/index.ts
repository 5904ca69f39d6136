export { ContactSchema } from "./contact";
export {
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
  type OrganisationInput,
  type OrganisationPairAction,
  OrganisationPairSchema,
  OrganisationSchema,
  type OrganisationType,
} from "./organisations/organisation";
