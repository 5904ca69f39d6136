export {
  kraPinRule,
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
  type OrganisationInput,
  OrganisationSchema,
  type OrganisationType,
} from "./organisation";
export {
  guessOrganisationType,
  normaliseKraPin,
  organisationLooseKey,
  organisationNameKey,
} from "./organisation-name";
