import { escapeHtml } from "./email.server";

/** A label/value table rendered in both parts; every value is escaped in the HTML part. */
export type Row = [label: string, value: string | null | undefined];

export type Message = { subject: string; text: string; html: string };

/** A value that is a web address is a link a reader can tap (a sign-in link, a map), not text to copy. */
const cell = (value: string) =>
  /^https?:\/\/\S+$/.test(value)
    ? `<a href="${escapeHtml(value)}" style="color:#0f4c5c">${escapeHtml(value)}</a>`
    : escapeHtml(value);

export function render(heading: string, paragraphs: string[], rows: Row[], footer: string[] = []): Message {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...shown.map(([label, value]) => `${label}: ${value}`),
    "",
    ...footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<h1 style="color:#0f4c5c;font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<table cellpadding="6" style="border-collapse:collapse">
${shown
  .map(
    ([label, value]) =>
      `<tr><th align="left" style="background:#eef7f8">${escapeHtml(label)}</th><td style="white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word">${cell(value)}</td></tr>`,
  )
  .join("\n")}
</table>
${footer.map((p) => `<p style="color:#475569;font-size:13px">${escapeHtml(p)}</p>`).join("\n")}
</body></html>`;
  // a visitor's name can reach the subject: keep it on one line
  return { subject: heading.replace(/\s+/g, " ").slice(0, 200), text, html };
}
