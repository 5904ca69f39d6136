export * from "./index";
export {
  getOffice,
  listOffices,
  type OfficeOutcome,
  officeColumns,
  type SellingOffice,
  saveOffice,
} from "./office.server";
