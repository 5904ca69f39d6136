import { Form } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { DEFAULT_ITEM_CLASS_CODE, DEFAULT_ITEM_CLASS_LABEL, ETIMS_SEND_ON_LABELS } from "#app/money/index";
import { formatDateTime } from "#app/utils/datetime";

export type EtimsSettingsDevice = {
  tin: string;
  branchId: string;
  deviceSerial: string;
  environment: "sandbox" | "production";
  sendOn: "paid" | "confirmed";
  state: string;
  initialisedAt: Date | string | null;
  coursesOnDefault: { id: string; title: string }[];
} | null;

/** What the eTIMS form's action answered: a field it refused, or KRA's word on the initialisation. */
export type EtimsSettingsAnswer = { intent: "etims-device"; ok: boolean; message: string; field?: string };

/**
 * The firm's KRA eTIMS (OSCU) identity and when sales go to eTIMS; saving runs KRA's initialisation, and the
 * state shows "Ready" or KRA's own message. One section of the finance settings (its own form and intent).
 */
export function EtimsSettings({
  device,
  answer,
  kraPin,
}: {
  device: EtimsSettingsDevice;
  answer?: EtimsSettingsAnswer;
  /** the firm's KRA PIN as the Company section holds it */
  kraPin: string;
}) {
  const error = (field: string) =>
    answer && !answer.ok && answer.field === field ? [answer.message] : undefined;
  const ready = device?.state === "ready";
  return (
    <section
      aria-labelledby="etims-heading"
      id="etims"
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="etims-heading" className="text-base font-semibold text-slate-900">
          KRA eTIMS
        </h2>
        <p className="text-sm" data-testid="etims-state">
          {device === null ? (
            <Badge tone="grey">Not set up</Badge>
          ) : ready ? (
            <Badge tone="green">Ready</Badge>
          ) : (
            <Badge tone="red">Not ready</Badge>
          )}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Each sale goes to KRA as a tax invoice through the firm's online sales control unit (OSCU). Enter what
        KRA gave when it approved the OSCU; saving asks KRA to initialise the device.
      </p>
      {device && !ready ? (
        <p role="status" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          KRA says: {device.state}
        </p>
      ) : null}
      {ready && device?.initialisedAt ? (
        <p className="mt-3 text-sm text-slate-600">
          Initialised by KRA on{" "}
          <time dateTime={String(device.initialisedAt)}>{formatDateTime(String(device.initialisedAt))}</time>.
        </p>
      ) : null}
      {device ? (
        <div className="mt-3 text-sm text-slate-700" data-testid="etims-classification">
          <p>
            Every active course can be sold: a course without its own KRA item classification sells under{" "}
            <strong>
              {DEFAULT_ITEM_CLASS_CODE} ({DEFAULT_ITEM_CLASS_LABEL})
            </strong>
            , and each course is registered with KRA as its own item before its first sale.
          </p>
          {device.coursesOnDefault.length > 0 ? (
            <details className="mt-2">
              <summary className="min-h-11 cursor-pointer py-2 font-medium">
                {device.coursesOnDefault.length}{" "}
                {device.coursesOnDefault.length === 1 ? "course uses" : "courses use"} the default
                classification
              </summary>
              <ul className="ml-5 list-disc">
                {device.coursesOnDefault.map((course) => (
                  <li key={course.id}>
                    <a className="underline" href={`/admin/courses/${course.id}`}>
                      {course.title}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <p className="mt-2">Every active course has its own classification.</p>
          )}
        </div>
      ) : null}
      {/* keyed on what is stored and when KRA last initialised it: after a save the fields show it as kept (the
          PIN in capitals), also when the same device is saved again as typed in small letters */}
      <Form
        key={
          device
            ? `${device.tin}/${device.branchId}/${device.deviceSerial}/${device.environment}/${device.sendOn}/${String(device.initialisedAt)}`
            : "new"
        }
        method="post"
        className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2"
        aria-labelledby="etims-heading"
      >
        <input type="hidden" name="intent" value="etims-device" />
        {/* the PIN is the Company section's (one value, typed once): eTIMS uses it as it stands there */}
        <div className="sm:col-span-2" data-testid="etims-kra-pin">
          <p className="text-sm font-medium text-slate-800">KRA PIN</p>
          <p className="text-sm text-slate-700">
            {kraPin ? <strong>{kraPin}</strong> : "Not set yet."} It is the one under{" "}
            <a className="underline" href="/admin/settings?section=company#setting-finance_kra_pin">
              Company
            </a>
            ; change it there.
          </p>
          {error("tin") ? (
            <p role="alert" className="text-sm text-red-700">
              {error("tin")?.[0]}
            </p>
          ) : null}
        </div>
        <InputField
          label="Branch ID"
          name="branchId"
          required
          inputMode="numeric"
          defaultValue={device?.branchId ?? "00"}
          hint="00 for the head office"
          errors={error("branchId")}
        />
        <InputField
          label="Device serial number"
          name="deviceSerial"
          required
          autoComplete="off"
          defaultValue={device?.deviceSerial ?? ""}
          errors={error("deviceSerial")}
        />
        <SelectField
          label="Environment"
          name="environment"
          defaultValue={device?.environment ?? "sandbox"}
          errors={error("environment")}
        >
          <option value="sandbox">KRA sandbox (testing)</option>
          <option value="production">KRA production</option>
        </SelectField>
        <SelectField
          label="Send each sale to eTIMS"
          name="sendOn"
          className="sm:col-span-2"
          defaultValue={device?.sendOn ?? "paid"}
          errors={error("sendOn")}
        >
          {Object.entries(ETIMS_SEND_ON_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
            Save and initialise
          </button>
        </div>
      </Form>
    </section>
  );
}
