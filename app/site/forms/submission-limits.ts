/**
 * Field limits of the public forms (contact and registration), client and server. Kept apart from the zod
 * schemas so the forms can show them without loading zod in the browser.
 */
export const LIMITS = { name: 200, organization: 200, email: 254, message: 5000, phone: 20 } as const;

/** The most participant rows a registration form can carry; the `max_group_size` setting sets the working limit. */
export const MAX_PARTICIPANT_ROWS = 100;
/** The "Add another participant" button's name: its value is the number of participant rows wanted. */
export const ADD_PARTICIPANT_FIELD = "participantRows";
