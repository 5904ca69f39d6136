// A fixed locale and time zone: the server and the browser render the same text (no hydration mismatch).
const formatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Nairobi",
});

export function DateText({ value }: { value: Date | string }) {
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{formatter.format(date)}</time>;
}
