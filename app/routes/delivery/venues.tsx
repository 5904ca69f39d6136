import { data, Form } from "react-router";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import {
  RESOURCE_CURRENCIES,
  ROOM_LAYOUT_LABELS,
  ROOM_LAYOUTS,
  RoomSchema,
  VenueActionSchema,
  VenueSchema,
} from "#app/delivery/index";
import { listVenues, saveRoom, saveVenue, type VenueOutcome } from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageVenues, canReadVenues } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatMinor, type MinorCurrency, minorToInput } from "#app/utils/minor-units";
import type { Route } from "./+types/venues";

export const meta: Route.MetaFunction = () => [{ title: "Venues | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadVenues);
  return { venues: await listVenues() };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageVenues);
  const fields = Object.fromEntries(await readForm(args.request, VenueActionSchema));
  const refused = (error: { issues: { message: string }[] }) =>
    data<VenueOutcome>(
      { ok: false, status: 400, message: error.issues[0]?.message ?? "Invalid request." },
      { status: 400 },
    );
  let outcome: VenueOutcome;
  if (fields.intent === "room") {
    const parsed = RoomSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    outcome = await saveRoom(actor, parsed.data.venue, parsed.data);
  } else {
    const parsed = VenueSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    outcome = await saveVenue(actor, parsed.data);
  }
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

type Venue = Route.ComponentProps["loaderData"]["venues"][number];
type Room = Venue["rooms"][number];

const price = (room: Room) =>
  `${formatMinor(room.rate, room.currency as MinorCurrency)} ${room.pricing === "package" ? "per person per day (conference package)" : "a day"}`;

const seats = (room: Room) =>
  ROOM_LAYOUTS.filter((layout) => room.capacities[layout] !== undefined)
    .map((layout) => `${ROOM_LAYOUT_LABELS[layout]} ${room.capacities[layout]}`)
    .join(", ");

/** A venue's form: a new venue, or (given `venue`) the venue as it is, to change or mark no longer used. */
function VenueForm({ venue }: { venue?: Venue }) {
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
      <input type="hidden" name="intent" value="venue" />
      {venue ? <input type="hidden" name="id" value={venue.id} /> : null}
      <InputField label="Name" name="name" required maxLength={120} defaultValue={venue?.name} />
      <SelectField label="Kind" name="kind" defaultValue={venue?.kind ?? "hotel"}>
        <option value="hotel">Hotel or conference centre</option>
        <option value="own">Our own rooms</option>
      </SelectField>
      <InputField label="City" name="city" required maxLength={80} defaultValue={venue?.city} />
      <InputField label="Address" name="address" maxLength={300} defaultValue={venue?.address} />
      <InputField
        label="Contact (name, phone, e-mail)"
        name="contact"
        maxLength={300}
        defaultValue={venue?.contact}
      />
      {venue ? (
        <SelectField label="In use" name="status" defaultValue={venue.status}>
          <option value="active">In use</option>
          <option value="inactive">No longer used</option>
        </SelectField>
      ) : null}
      <Button type="submit" className="min-h-11">
        {venue ? "Save venue" : "Add venue"}
      </Button>
    </Form>
  );
}

/** A room's form: a new room of the venue, or (given `room`) the room as it is, to change. */
function RoomForm({ venueId, room }: { venueId: string; room?: Room }) {
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
      <input type="hidden" name="intent" value="room" />
      <input type="hidden" name="venue" value={venueId} />
      {room ? <input type="hidden" name="id" value={room.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-4">
        <InputField label="Room name" name="name" required maxLength={80} defaultValue={room?.name} />
        <SelectField label="Priced as" name="pricing" defaultValue={room?.pricing ?? "day_rate"}>
          <option value="day_rate">A day rate for the room</option>
          <option value="package">A package per person per day</option>
        </SelectField>
        <SelectField label="Currency" name="currency" defaultValue={room?.currency ?? "KES"}>
          {RESOURCE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Price"
          name="rate"
          inputMode="decimal"
          required
          defaultValue={room ? minorToInput(room.rate, room.currency as MinorCurrency) : undefined}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          Seats by layout (blank: not set out so)
        </legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-5">
          {ROOM_LAYOUTS.map((layout) => (
            <InputField
              key={layout}
              label={ROOM_LAYOUT_LABELS[layout]}
              name={`capacity_${layout}`}
              inputMode="numeric"
              defaultValue={room?.capacities[layout]}
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="outline" className="min-h-11">
        {room ? "Save room" : "Add room"}
      </Button>
    </Form>
  );
}

/** Venues (the firm's rooms and hotels) with their rooms; the schedulers add and change them. */
export default function Venues({ loaderData, actionData }: Route.ComponentProps) {
  const mayEdit = canManageVenues(useStaff());
  useOutcomeToast(actionData, "Not saved");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Venues"
        description="Our own rooms and the hotels we book: each room's seats by layout and its price. A course date holds a room on its page."
      />
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {actionData.message}
        </p>
      ) : null}
      {mayEdit ? (
        <section
          aria-labelledby="new-venue-heading"
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id="new-venue-heading" className="text-lg font-semibold text-slate-900">
            Add a venue
          </h2>
          <VenueForm />
        </section>
      ) : null}
      {loaderData.venues.length === 0 ? <EmptyState>No venue recorded yet.</EmptyState> : null}
      {loaderData.venues.map((venue) => (
        <section
          key={venue.id}
          aria-label={venue.name}
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 className="text-lg font-semibold text-slate-900 wrap-anywhere">{venue.name}</h2>
          <p className="text-sm text-slate-600 wrap-anywhere">
            {[venue.kind === "own" ? "Our own rooms" : "Hotel", venue.city, venue.address, venue.contact]
              .filter(Boolean)
              .join(" · ")}
            {venue.status === "inactive" ? " · no longer used" : ""}
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {venue.rooms.length === 0 ? <li>No rooms yet.</li> : null}
            {venue.rooms.map((room) => (
              <li key={room.id} data-testid="room">
                <span className="font-semibold">{room.name}</span>: {seats(room)} · {price(room)}
                {mayEdit ? (
                  <details>
                    <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-700">
                      Change {room.name}
                    </summary>
                    <RoomForm venueId={venue.id} room={room} />
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
          {mayEdit ? (
            <>
              <details>
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm text-brand-700">
                  Change {venue.name}
                </summary>
                <VenueForm venue={venue} />
              </details>
              <RoomForm venueId={venue.id} />
            </>
          ) : null}
        </section>
      ))}
    </div>
  );
}
