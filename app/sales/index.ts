export { ContactSchema } from "./contact";
