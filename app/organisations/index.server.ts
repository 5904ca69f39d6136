export * from "./index";
export {
  createOrganisation,
  listOrganisationChoices,
  type OrganisationOutcome,
  organisationColumns,
  updateOrganisation,
} from "./organisation.server";
export { saveOrganisationSubmission } from "./organisation-form.server";
export { lockOrganisations } from "./organisation-lock.server";
export { searchOrganisations } from "./organisation-search.server";
