import type { ClientBookingPage } from "#app/bookings/index.server";

/** A booking as its client's page shows it (the loader's answer). */
export type ClientBookingScreen = ClientBookingPage;

/** What the last change said, with the values of a refused form to show again. */
export type ClientOutcome = {
  ok: boolean;
  message: string;
  intent?: string;
  field?: string;
  values?: Record<string, string>;
};
