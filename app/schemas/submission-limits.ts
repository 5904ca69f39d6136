/**
 * Field limits of the public forms (contact and registration), client and server. Kept apart from the zod
 * schemas so the forms can show them without loading zod in the browser.
 */
export const LIMITS = { name: 200, organization: 200, email: 254, message: 5000, phone: 20 } as const;
