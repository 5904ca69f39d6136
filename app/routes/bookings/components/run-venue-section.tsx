import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { ROOM_LAYOUT_LABELS, ROOM_LAYOUTS, type RoomLayout } from "#app/delivery/index";
import { canManageVenues } from "#app/staff/index";
import { formatLongDate } from "#app/utils/dates";

type Room = {
  id: string;
  name: string;
  venueName: string;
  city: string;
  capacities: Partial<Record<RoomLayout, number>>;
};
type Hold = {
  roomId: string;
  roomName: string;
  venueName: string;
  city: string;
  layout: RoomLayout;
  depositDue: string | null;
  finalNumbersDue: string | null;
  cancellationLadder: { from: string; percent: number }[];
  capacities: Partial<Record<RoomLayout, number>>;
};

/**
 * The room a course date holds and the contract's dates: deposit due, final numbers due, and the cancellation
 * ladder (from a date, a percent of the total). A room taken on one of the run's days, or too small for its
 * capacity in the layout, is refused with the reason.
 */
export function RunVenueSection({
  action,
  hold,
  rooms,
}: {
  action: string;
  hold: Hold | null;
  rooms: Room[];
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "run-venue" });
  useOutcomeToast(fetcher.data, "Room not held");
  const mayHold = canManageVenues(useStaff());
  return (
    <section aria-labelledby="venue-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="venue-heading" className="text-lg font-semibold text-slate-900">
        Venue
      </h2>
      {hold ? (
        <div className="mt-2 text-sm" data-testid="venue-hold">
          <p>
            <span className="font-semibold">
              {hold.roomName}, {hold.venueName}
            </span>{" "}
            ({hold.city}) · {ROOM_LAYOUT_LABELS[hold.layout]}, {hold.capacities[hold.layout]} seats
          </p>
          <p className="text-slate-700">
            {[
              hold.depositDue ? `Deposit due ${formatLongDate(hold.depositDue)}` : null,
              hold.finalNumbersDue ? `final numbers due ${formatLongDate(hold.finalNumbersDue)}` : null,
            ]
              .filter(Boolean)
              .join(" · ") || "No contract dates recorded."}
          </p>
          {hold.cancellationLadder.length > 0 ? (
            <p className="text-slate-700">
              Cancellation:{" "}
              {hold.cancellationLadder.map((s) => `from ${formatLongDate(s.from)} ${s.percent} %`).join(", ")}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No room held.</p>
      )}
      {mayHold && rooms.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No venue has rooms yet: add them on the Venues page.</p>
      ) : null}
      {mayHold && rooms.length > 0 ? (
        <fetcher.Form method="post" action={action} className="mt-3 grid gap-3 sm:grid-cols-2 sm:items-end">
          <SelectField label="Room" name="room" defaultValue={hold?.roomId} required>
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {room.venueName}, {room.city}: {room.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Layout" name="layout" defaultValue={hold?.layout ?? "classroom"}>
            {ROOM_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {ROOM_LAYOUT_LABELS[layout]}
              </option>
            ))}
          </SelectField>
          <InputField
            label="Deposit due"
            name="depositDue"
            type="date"
            defaultValue={hold?.depositDue ?? ""}
          />
          <InputField
            label="Final numbers due"
            name="finalNumbersDue"
            type="date"
            defaultValue={hold?.finalNumbersDue ?? ""}
          />
          <TextareaField
            label="Cancellation ladder"
            name="cancellationLadder"
            rows={3}
            className="sm:col-span-2"
            hint='One step a line: the date from which it applies and the percent of the total, such as "2026-11-20 50".'
            defaultValue={hold?.cancellationLadder.map((s) => `${s.from} ${s.percent}`).join("\n") ?? ""}
          />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button
              type="submit"
              name="intent"
              value="hold"
              className="min-h-11"
              disabled={fetcher.state !== "idle"}
            >
              Hold room
            </Button>
            {hold ? (
              <Button
                type="submit"
                name="intent"
                value="release"
                variant="outline"
                className="min-h-11"
                formNoValidate
                disabled={fetcher.state !== "idle"}
              >
                Release room
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
