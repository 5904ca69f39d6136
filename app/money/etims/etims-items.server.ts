import { and, eq, inArray, ne, or } from "drizzle-orm";
import { etimsItems } from "#app/money/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { ETIMS_TAX_TYPES } from "#app/platform/db/enums";
import { now } from "#app/utils/clock";
import { nextDocumentNumber } from "../documents/document-sequence.server";
import type { ReadyDevice } from "./etims-device.server";
import { postOscu } from "./oscu.server";

/** The item key of lines that name no course (a proforma issued before courses were linked to lines). */
export const GENERAL_ITEM_KEY = "general";

/*
 * KRA's item code (OSCU "Item Code" definition): origin nation, product type, packaging unit, quantity unit,
 * then a 7-digit increment. A course is a service (product type 3) sold per participant with no packaging:
 * KE 3 NT U 0000001.
 */
const ITEM_CODE_PREFIX = "KE3NTU";
const itemCodeOf = (increment: number) => `${ITEM_CODE_PREFIX}${String(increment).padStart(7, "0")}`;

export type ItemDetails = {
  key: string;
  name: string;
  itemClassCode: string;
  taxType: (typeof ETIMS_TAX_TYPES)[number];
};

/**
 * The item code a line sells under, in the caller's transaction: a course's own item, numbered the first
 * time it is sold. Details that changed since its registration (its name, classification or tax type) mark
 * it unregistered: the outbox registers it again (saveItem updates an item under the same code) first.
 */
export async function itemCodeFor(tx: Executor, item: ItemDetails): Promise<string> {
  const details = {
    itemName: item.name.slice(0, 200),
    itemClassCode: item.itemClassCode,
    taxType: item.taxType,
  };
  const [known] = await tx.select().from(etimsItems).where(eq(etimsItems.itemKey, item.key));
  if (known) {
    await tx
      .update(etimsItems)
      .set({ ...details, state: "unregistered", updatedAt: now() })
      .where(
        and(
          eq(etimsItems.id, known.id),
          or(
            ne(etimsItems.itemName, details.itemName),
            ne(etimsItems.itemClassCode, details.itemClassCode),
            ne(etimsItems.taxType, details.taxType),
          ),
        ),
      );
    return known.itemCode;
  }
  const itemCode = itemCodeOf(await nextDocumentNumber(tx, "etims_item", 0));
  // two first sales of one course at once: the first insert wins, the other takes its code
  await tx
    .insert(etimsItems)
    .values({ itemKey: item.key, itemCode, ...details })
    .onConflictDoNothing({ target: etimsItems.itemKey });
  const [row] = await tx
    .select({ itemCode: etimsItems.itemCode })
    .from(etimsItems)
    .where(eq(etimsItems.itemKey, item.key));
  if (!row) throw new Error(`No eTIMS item for ${item.key}`);
  return row.itemCode;
}

/** The OSCU ItemSaveReq for one item, as KRA's "Save Item" specification lists its fields. */
export function itemSaveRequest(
  item: Pick<typeof etimsItems.$inferSelect, "itemCode" | "itemClassCode" | "itemName" | "taxType">,
  unitCents: number,
) {
  return {
    itemCd: item.itemCode,
    itemClsCd: item.itemClassCode,
    itemTyCd: "3",
    itemNm: item.itemName,
    itemStdNm: null,
    orgnNatCd: "KE",
    pkgUnitCd: "NT",
    qtyUnitCd: "U",
    taxTyCd: item.taxType,
    btchNo: null,
    bcd: null,
    dftPrc: unitCents / 100,
    addInfo: null,
    sftyQty: null,
    isrcAplcbYn: "N",
    useYn: "Y",
    regrId: "mafunzo",
    regrNm: "Mafunzo",
    modrId: "mafunzo",
    modrNm: "Mafunzo",
  };
}

export type ItemRegistration =
  | { ok: true }
  | { ok: false; kind: "refused"; code: string; message: string }
  | { ok: false; kind: "unreachable"; message: string };

/**
 * Registers with KRA every item of `codes` it does not hold yet (saveItem), before the sale that uses them is
 * sent: KRA refuses a sale whose item code it has never seen. The registration's state and KRA's word are
 * kept on the item. `prices` gives the default unit price sent with each.
 */
export async function registerItems(
  device: ReadyDevice,
  codes: string[],
  prices: Map<string, number>,
): Promise<ItemRegistration> {
  if (codes.length === 0) return { ok: true };
  const rows = await db()
    .select()
    .from(etimsItems)
    .where(and(inArray(etimsItems.itemCode, codes), ne(etimsItems.state, "registered")));
  for (const item of rows) {
    const answer = await postOscu(
      device.environment,
      "saveItem",
      { tin: device.tin, bhfId: device.branchId, cmcKey: device.cmcKey },
      itemSaveRequest(item, prices.get(item.itemCode) ?? 0),
    );
    if (answer.kind === "unreachable") return { ok: false, kind: "unreachable", message: answer.message };
    const registered = answer.kind === "ok";
    await db()
      .update(etimsItems)
      .set(
        registered
          ? { state: "registered", lastError: null, registeredAt: now(), updatedAt: now() }
          : { state: "refused", lastError: answer.message, updatedAt: now() },
      )
      // details changed meanwhile: what KRA answered is about the old ones
      .where(
        and(
          eq(etimsItems.id, item.id),
          eq(etimsItems.itemClassCode, item.itemClassCode),
          eq(etimsItems.taxType, item.taxType),
          eq(etimsItems.itemName, item.itemName),
        ),
      );
    if (answer.kind === "refused") {
      return {
        ok: false,
        kind: "refused",
        code: answer.code,
        message: `KRA refused to register item ${item.itemCode} ("${item.itemName}"): ${answer.message}`,
      };
    }
  }
  return { ok: true };
}

/** Every item and where it stands with KRA, for the eTIMS settings. */
export function listEtimsItems() {
  return db()
    .select({
      itemKey: etimsItems.itemKey,
      itemCode: etimsItems.itemCode,
      itemName: etimsItems.itemName,
      itemClassCode: etimsItems.itemClassCode,
      state: etimsItems.state,
      lastError: etimsItems.lastError,
    })
    .from(etimsItems)
    .orderBy(etimsItems.itemCode);
}
