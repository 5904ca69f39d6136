export { submitContactForm } from "./contact-form.server";
export * from "./index";
