import { and, asc, eq, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { etimsDevice } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { openText, sealText } from "#app/platform/secret.server";
import { courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import type { EtimsDeviceInput } from "./etims";
import { type EtimsEnvironment, postOscu, verificationUrl } from "./oscu.server";

export const ETIMS_READY = "ready";
const ROW = 1;

export type EtimsDeviceView = {
  tin: string;
  branchId: string;
  deviceSerial: string;
  environment: EtimsEnvironment;
  sendOn: "paid" | "confirmed";
  /** "ready", or KRA's own message */
  state: string;
  initialisedAt: Date | null;
  /** active courses without their own classification: they sell under DEFAULT_ITEM_CLASS_CODE */
  coursesOnDefault: { id: string; title: string }[];
};

/** The device as the settings show it: never its key. Null until the firm sets eTIMS up. */
export async function getEtimsDevice(executor: Executor = db()): Promise<EtimsDeviceView | null> {
  const [row] = await executor
    .select({
      tin: etimsDevice.tin,
      branchId: etimsDevice.branchId,
      deviceSerial: etimsDevice.deviceSerial,
      environment: etimsDevice.environment,
      sendOn: etimsDevice.sendOn,
      state: etimsDevice.state,
      initialisedAt: etimsDevice.initialisedAt,
    })
    .from(etimsDevice)
    .where(eq(etimsDevice.id, ROW));
  if (!row) return null;
  const coursesOnDefault = await executor
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      and(
        eq(courses.status, "active"),
        or(isNull(courses.etimsItemClassCode), eq(courses.etimsItemClassCode, "")),
      ),
    )
    .orderBy(asc(courses.title));
  return { ...row, coursesOnDefault };
}

export type ReadyDevice = {
  tin: string;
  branchId: string;
  environment: EtimsEnvironment;
  cmcKey: string;
  sdcId: string | null;
  mrcNo: string | null;
};

/** The device with its key opened, when KRA initialised it; null otherwise (tax invoices wait). */
export async function readyDevice(executor: Executor = db()): Promise<ReadyDevice | null> {
  const [row] = await executor.select().from(etimsDevice).where(eq(etimsDevice.id, ROW));
  if (!row || row.state !== ETIMS_READY || !row.cmcKey) return null;
  const cmcKey = openText("etims-cmc-key", row.cmcKey);
  if (!cmcKey) return null;
  return {
    tin: row.tin,
    branchId: row.branchId,
    environment: row.environment,
    cmcKey,
    sdcId: row.sdcId,
    mrcNo: row.mrcNo,
  };
}

const InitDataSchema = z.object({
  info: z.object({
    cmcKey: z.string().min(1).max(255),
    sdcId: z.string().max(100).nullish(),
    mrcNo: z.string().max(100).nullish(),
  }),
});

export type DeviceOutcome = { ok: boolean; message: string };

/**
 * Saves the firm's eTIMS identity, then asks KRA to initialise the device (selectInitOsdcInfo) and keeps the
 * communication key it returns, sealed. A changed PIN, branch, serial or environment forgets the old key first:
 * it belonged to another device. KRA is asked outside any transaction (a slow KRA holds no lock); whatever it
 * answers is recorded as the device's state.
 */
export async function saveEtimsDevice(actor: AuditActor, input: EtimsDeviceInput): Promise<DeviceOutcome> {
  const identity = {
    tin: input.tin,
    branchId: input.branchId,
    deviceSerial: input.deviceSerial,
    environment: input.environment,
  };
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(etimsDevice).where(eq(etimsDevice.id, ROW)).for("update");
    const sameDevice =
      before &&
      before.tin === identity.tin &&
      before.branchId === identity.branchId &&
      before.deviceSerial === identity.deviceSerial &&
      before.environment === identity.environment;
    const values = {
      ...identity,
      sendOn: input.sendOn,
      ...(sameDevice
        ? {}
        : { cmcKey: null, sdcId: null, mrcNo: null, initialisedAt: null, state: "Not initialised yet." }),
      updatedAt: now(),
    };
    await tx
      .insert(etimsDevice)
      .values({ id: ROW, state: "Not initialised yet.", ...values })
      .onConflictDoUpdate({ target: etimsDevice.id, set: values });
    await recordAudit(tx, actor, {
      action: "Updated eTIMS device",
      tableName: "etims_device",
      recordId: String(ROW),
      oldValues: before
        ? {
            tin: before.tin,
            branch: before.branchId,
            serial: before.deviceSerial,
            environment: before.environment,
            send_on: before.sendOn,
          }
        : null,
      newValues: {
        tin: identity.tin,
        branch: identity.branchId,
        serial: identity.deviceSerial,
        environment: identity.environment,
        send_on: input.sendOn,
      },
    });
  });
  const answer = await postOscu(
    identity.environment,
    "selectInitOsdcInfo",
    { tin: identity.tin, bhfId: identity.branchId },
    { tin: identity.tin, bhfId: identity.branchId, dvcSrlNo: identity.deviceSerial },
  );
  const info = answer.kind === "ok" ? InitDataSchema.safeParse(answer.data) : null;
  const state =
    answer.kind === "ok"
      ? info?.success
        ? ETIMS_READY
        : "eTIMS answered without a communication key."
      : answer.message;
  await db().transaction(async (tx) => {
    const [current] = await tx.select().from(etimsDevice).where(eq(etimsDevice.id, ROW)).for("update");
    // someone saved another device meanwhile: this answer is about a device no longer configured
    if (!current || current.deviceSerial !== identity.deviceSerial || current.tin !== identity.tin) return;
    await tx
      .update(etimsDevice)
      .set(
        info?.success
          ? {
              state,
              cmcKey: sealText("etims-cmc-key", info.data.info.cmcKey),
              sdcId: info.data.info.sdcId ?? null,
              mrcNo: info.data.info.mrcNo ?? null,
              initialisedAt: now(),
              updatedAt: now(),
            }
          : // a refused re-initialisation keeps a key KRA gave before for this same device
            { state: current.cmcKey ? ETIMS_READY : state, updatedAt: now() },
      )
      .where(eq(etimsDevice.id, ROW));
    await recordAudit(tx, actor, {
      action: info?.success ? "Initialised eTIMS device" : "Failed eTIMS initialisation",
      tableName: "etims_device",
      recordId: String(ROW),
      newValues: { state, sdc_id: info?.success ? info.data.info.sdcId : undefined },
    });
  });
  if (info?.success) return { ok: true, message: "eTIMS is ready: KRA initialised the device." };
  return { ok: false, message: `KRA did not initialise the device. ${state}` };
}

/**
 * The address a signed tax invoice's QR code carries (KRA's page of the receipt), for readers outside money such as
 * the API and the ledger exports: made with the firm's device, read once for many invoices. Null before KRA signed.
 */
export async function receiptVerificationUrls(executor: Executor = db()) {
  const device = await getEtimsDevice(executor);
  return (signature: string | null) =>
    device && signature ? verificationUrl(device.environment, device.tin, device.branchId, signature) : null;
}
