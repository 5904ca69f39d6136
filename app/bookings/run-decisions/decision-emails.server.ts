import { type Message, type Row, render } from "#app/platform/email/layout.server";

// What the go/no-go decision tells each participant, trainer and venue (issue 48, item 4; decision 0776).

type RunFacts = { courseTitle: string; dates: string; venue: string | null };

const runRows = (run: RunFacts): Row[] => [
  ["Course", run.courseTitle],
  ["Dates", run.dates],
  ["Venue", run.venue],
];

/** Confirm, to a participant: the date goes ahead, with the joining instructions. */
export function runConfirmedMail(m: RunFacts & { name: string; joining: Row[] }): Message {
  return render(
    `Confirmed: ${m.courseTitle}, ${m.dates}`,
    [
      `Dear ${m.name},`,
      `${m.courseTitle} on ${m.dates} is confirmed: it goes ahead. ${m.joining.length > 0 ? "Your joining instructions are below." : "We will send your joining instructions before the first day."}`,
    ],
    [...runRows(m), ...m.joining],
  );
}

/** Confirm, to a trainer: the date they train goes ahead. */
export function trainerRunConfirmedMail(m: RunFacts & { name: string; participants: number }): Message {
  return render(
    `Going ahead: ${m.courseTitle}, ${m.dates}`,
    [`Dear ${m.name},`, `${m.courseTitle} on ${m.dates} is confirmed with ${m.participants} participants.`],
    [...runRows(m), ["Participants", String(m.participants)]],
  );
}

/** Confirm, to the venue: final numbers. */
export function venueConfirmedMail(m: RunFacts & { room: string; participants: number }): Message {
  return render(
    `Confirmed booking: ${m.courseTitle}, ${m.dates}`,
    [
      `Dear colleagues,`,
      `We confirm our booking of ${m.room} for ${m.courseTitle} on ${m.dates}, with final numbers of ${m.participants} participants.`,
    ],
    [...runRows(m), ["Room", m.room], ["Final numbers", String(m.participants)]],
  );
}

/**
 * Postpone, to a participant: the date will not run; one click moves them to the next date, their place and
 * payments carried. Another date or a colleague instead: the portal or a reply.
 */
export function runPostponedMail(
  m: RunFacts & { name: string; nextDates: string; link: string; reference: string | null; portal: string },
): Message {
  return render(
    `Postponed: ${m.courseTitle}, ${m.dates}`,
    [
      `Dear ${m.name},`,
      `${m.courseTitle} on ${m.dates} will not go ahead on that date. We offer you a place on ${m.nextDates}: press "Move me to ${m.nextDates}" and your place, and anything paid, moves with you.`,
      `If that date does not suit you, reply to this e-mail: we can move you to another date or transfer your place to a colleague (the booking's contact can also do this at ${m.portal}).`,
    ],
    [...runRows(m), ["Next date", m.nextDates], ["Booking reference", m.reference]],
    [],
    { actions: [{ label: `Move me to ${m.nextDates}`, url: m.link }] },
  );
}

/** Postpone or cancel, to a booking's contact who is not a participant. */
export function contactPostponedMail(
  m: RunFacts & { name: string; nextDates: string; reference: string | null },
) {
  return render(
    `Postponed: ${m.courseTitle}, ${m.dates}`,
    [
      `Dear ${m.name},`,
      `${m.courseTitle} on ${m.dates} will not go ahead on that date. Each of your participants has been offered ${m.nextDates} by e-mail and moves with one click; their places and anything paid move with them.`,
    ],
    [...runRows(m), ["Next date", m.nextDates], ["Booking reference", m.reference]],
  );
}

/** Postpone or cancel, to a trainer. */
export function trainerRunCalledOffMail(
  m: RunFacts & { name: string; what: "postponed" | "cancelled" },
): Message {
  return render(
    `${m.what === "postponed" ? "Postponed" : "Cancelled"}: ${m.courseTitle}, ${m.dates}`,
    [
      `Dear ${m.name},`,
      `${m.courseTitle} on ${m.dates} is ${m.what}: you are not needed on those days. Thank you for keeping them free.`,
    ],
    runRows(m),
  );
}

/** Postpone or cancel, to the venue: the booking is cancelled, with the penalty the contract's ladder gives. */
export function venueCalledOffMail(
  m: RunFacts & { room: string; what: "postponed" | "cancelled"; penalty: string | null },
): Message {
  return render(
    `Cancellation: ${m.room}, ${m.dates}`,
    [
      `Dear colleagues,`,
      `${m.courseTitle} on ${m.dates} is ${m.what}, so we cancel our booking of ${m.room} for those days.`,
      m.penalty
        ? `Under the contract's cancellation terms we expect your invoice for ${m.penalty}.`
        : "Under the contract's cancellation terms no charge applies on this date.",
    ],
    [...runRows(m), ["Room", m.room], ["Cancellation charge", m.penalty ?? "None"]],
  );
}
