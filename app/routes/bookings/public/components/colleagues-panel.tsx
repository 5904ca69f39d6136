import { Form } from "react-router";
import { PortalButton, PortalField, PortalPanel, PortalSelect } from "./portal-parts";

type Sharing = { organisations: string[]; colleagues: { email: string; organization: string }[] };

/** The contact shares the bookings they made for an organisation with colleagues, and can stop sharing. */
export function ColleaguesPanel({
  sharing,
  outcome,
}: {
  sharing: Sharing;
  outcome?: { ok: boolean; field?: string; message: string };
}) {
  const { organisations, colleagues } = sharing;
  const errorFor = (field: string) =>
    outcome && !outcome.ok && outcome.field === field ? outcome.message : null;
  return (
    <PortalPanel id="colleagues-heading" title="Colleagues who can see your bookings">
      {colleagues.length === 0 ? (
        <p className="text-sm text-slate-700">You have not shared your bookings with anyone.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {colleagues.map((colleague) => (
            <li
              key={`${colleague.organization} ${colleague.email}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="text-sm">
                <strong className="break-all">{colleague.email}</strong> sees your bookings for{" "}
                {colleague.organization}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="email" value={colleague.email} />
                <input type="hidden" name="organization" value={colleague.organization} />
                <PortalButton variant="outline">
                  Stop sharing <span className="sr-only">with {colleague.email}</span>
                </PortalButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        className="space-y-4 border-t border-slate-100 pt-3"
        aria-label="Invite a colleague"
      >
        <input type="hidden" name="intent" value="invite" />
        <p className="text-sm text-slate-700">
          A colleague you invite sees the bookings you made for the organisation, with their documents and
          certificates; only you change them. We e-mail them a sign-in link.
        </p>
        <PortalField
          label="Colleague's e-mail address"
          name="email"
          type="email"
          required
          maxLength={254}
          error={errorFor("email")}
        />
        <PortalSelect label="Organisation" name="organization" required error={errorFor("organization")}>
          {organisations.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </PortalSelect>
        <PortalButton>Invite colleague</PortalButton>
      </Form>
    </PortalPanel>
  );
}
