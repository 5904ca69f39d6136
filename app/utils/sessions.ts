// Pure arithmetic on a run's sessions (DESIGN §9), shared by the server, the PDFs and the render worker.

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The hours a session counts on a certificate and in a NITA timetable: its length, less an hour for lunch
 * when it runs over six hours (09:00 to 17:00 counts 7).
 */
export function sessionHours(session: { startTime: string; endTime: string }) {
  const length = minutes(session.endTime) - minutes(session.startTime);
  return Math.floor((length > 360 ? length - 60 : length) / 60);
}

/** The hours of all the sessions. */
export const totalHours = (sessions: readonly { startTime: string; endTime: string }[]) =>
  sessions.reduce((hours, session) => hours + sessionHours(session), 0);

/** The instant a session starts or ends, on the firm's clock (East Africa Time is UTC+03:00 all year). */
export function sessionInstant(date: string, time: string) {
  return new Date(`${date}T${time}:00+03:00`);
}
