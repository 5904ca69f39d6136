import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for KRA eTIMS OSCU v2.0 on a free loopback port, written from the public specification (the
 * endpoints, headers tin/bhfId/cmcKey, resultCd codes and answer shapes of paybillke/kra-etims-oscu-docs).
 * It keeps KRA's side of the ledger: the items registered (saveItem), every sale and credit note it accepted,
 * once per invoice number. Like the real OSCU it refuses a sale naming an item code it never registered (910),
 * and items or totals whose amounts do not add up (supply, discount, taxable amount, tax; 910, as a fault)
 * and a credit note for a sale it did not accept (922). It also refuses (921, "declared cannot be received")
 * a second live sale for one booking (the remark names it) and lists it in `faults`, with every other doubled
 * declaration: a test that ends with a fault fails (`expectCleanLedger`). It can be told to answer each
 * documented refusal, a 500, or nothing at all (a timeout).
 */

export type EtimsMode =
  | { kind: "ok" }
  | { kind: "http-500" }
  | { kind: "timeout" }
  /** KRA records the sale, but its answer never arrives (the connection hangs) */
  | { kind: "lose-answer" }
  /** answers every request (or only those to `path`) with this refusal */
  | { kind: "refuse"; code: string; message: string; path?: string };

export type RecordedSale = {
  invcNo: number;
  rcptTyCd: string;
  orgInvcNo: number;
  body: Record<string, unknown>;
  curRcptNo: number;
};

export const stamp = () => new Date().toISOString().replace(/\D/g, "").slice(0, 14);
export const base32 = (bytes: number) =>
  crypto
    .randomBytes(bytes)
    .toString("base64")
    .replace(/[^A-Z2-7]/gi, "")
    .toUpperCase();

export type RegisteredItem = {
  itemCd: string;
  itemClsCd: string;
  taxTyCd: string;
  itemNm: string;
  body: unknown;
};

const cents = (value: unknown) => Math.round(Number(value) * 100);

/**
 * The arithmetic KRA checks on a sale's items and totals, in cents: supply = quantity × price, taxable = supply −
 * discount (0 ≤ discount ≤ supply), the discount rate within its two decimals of the discount, total = taxable,
 * the tax the taxable amount's share at its type's rate (tax included, rounded half up), and the invoice's totals
 * the sums of its items. Null when all hold, else the first field that does not.
 */
export function amountsRefusal(
  body: Record<string, unknown>,
  items: Record<string, unknown>[],
): string | null {
  let taxable = 0;
  let tax = 0;
  let total = 0;
  for (const item of items) {
    const supply = cents(item.splyAmt);
    const discount = cents(item.dcAmt ?? 0);
    const rate = Number(item.dcRt ?? 0);
    const seq = String(item.itemSeq);
    if (supply !== Math.round(Number(item.qty) * cents(item.prc))) return `splyAmt of item ${seq}`;
    if (discount < 0 || discount > supply) return `dcAmt of item ${seq}`;
    if (!Number.isFinite(rate) || Math.abs((supply * rate) / 100 - discount) > supply * 0.00005 + 1) {
      return `dcRt of item ${seq}`;
    }
    if (cents(item.taxblAmt) !== supply - discount) return `taxblAmt of item ${seq}`;
    if (cents(item.totAmt) !== cents(item.taxblAmt)) return `totAmt of item ${seq}`;
    const taxRate = Number(body[`taxRt${String(item.taxTyCd)}`] ?? 0);
    const expectedTax =
      taxRate === 0
        ? 0
        : Math.floor((2 * cents(item.taxblAmt) * taxRate + (100 + taxRate)) / (2 * (100 + taxRate)));
    if (cents(item.taxAmt) !== expectedTax) return `taxAmt of item ${seq}`;
    taxable += cents(item.taxblAmt);
    tax += cents(item.taxAmt);
    total += cents(item.totAmt);
  }
  if (cents(body.totTaxblAmt) !== taxable) return "totTaxblAmt";
  if (cents(body.totTaxAmt) !== tax) return "totTaxAmt";
  if (cents(body.totAmt) !== total) return "totAmt";
  return null;
}

export async function startEtimsServer(options: { devices?: Record<string, string> } = {}) {
  /** device serial → the PIN it belongs to: KRA only initialises devices it approved */
  const devices = options.devices ?? { "MAFUNZO-OSCU-01": "P051111111Q" };
  const keys = new Map<string, string>();
  const sales = new Map<number, RecordedSale>();
  const registeredItems = new Map<string, RegisteredItem>();
  /** what KRA must never be asked: a second declaration of one booking's sale, a credit for nothing */
  const faults: string[] = [];
  const requests: { path: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  const held: http.ServerResponse[] = [];
  let mode: EtimsMode = { kind: "ok" };
  let receiptNo = 0;

  type Answer = { resultCd: string; resultMsg: string; data?: unknown };
  const reply = (resultCd: string, resultMsg: string, data: unknown = null): Answer => ({
    resultCd,
    resultMsg,
    data,
  });
  const answer = (res: http.ServerResponse, resultCd: string, resultMsg: string, data: unknown = null) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ resultCd, resultMsg, resultDt: stamp(), data }));
  };

  function init(body: Record<string, unknown>): Answer {
    const serial = String(body.dvcSrlNo ?? "");
    if (!body.tin || !body.bhfId || !serial) return reply("910", "Request parameter error");
    if (devices[serial] !== body.tin) return reply("901", "It is not valid device");
    const cmcKey = crypto.randomBytes(16).toString("hex");
    keys.set(`${body.tin}/${body.bhfId}`, cmcKey);
    return reply("000", "It is succeeded", {
      info: {
        tin: body.tin,
        taxprNm: "MAFUNZO TRAINING",
        bhfId: body.bhfId,
        bhfNm: "Headquarter",
        dvcId: "9999911300000001",
        sdcId: "KRACU0300001234",
        mrcNo: "WIS01000150",
        cmcKey,
      },
    });
  }

  /** saveItem (ItemSaveReq): registers an item, or updates one under the same code */
  function saveItem(headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Answer {
    const tin = String(headers.tin ?? "");
    const bhfId = String(headers.bhfid ?? "");
    if (!tin || !bhfId || !headers.cmckey) return reply("900", "There is no Header information");
    if (keys.get(`${tin}/${bhfId}`) !== headers.cmckey) return reply("901", "It is not valid device");
    const required = [
      "itemCd",
      "itemClsCd",
      "itemTyCd",
      "itemNm",
      "orgnNatCd",
      "pkgUnitCd",
      "qtyUnitCd",
      "taxTyCd",
    ];
    if (required.some((field) => typeof body[field] !== "string" || body[field] === "")) {
      return reply("910", "Request parameter error");
    }
    if (typeof body.dftPrc !== "number" || body.isrcAplcbYn === undefined || body.useYn === undefined) {
      return reply("910", "Request parameter error");
    }
    const itemCd = String(body.itemCd);
    // KRA's item code: origin, product type, packaging unit, quantity unit, a 7-digit increment
    const expected = `${body.orgnNatCd}${body.itemTyCd}${body.pkgUnitCd}${body.qtyUnitCd}`;
    if (!itemCd.startsWith(expected) || !/^\d{7}$/.test(itemCd.slice(expected.length))) {
      return reply("910", "Request parameter error: itemCd");
    }
    if (!/^\d{8,10}$/.test(String(body.itemClsCd))) return reply("910", "Request parameter error: itemClsCd");
    registeredItems.set(itemCd, {
      itemCd,
      itemClsCd: String(body.itemClsCd),
      taxTyCd: String(body.taxTyCd),
      itemNm: String(body.itemNm),
      body,
    });
    return reply("000", "It is succeeded");
  }

  function sale(headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Answer {
    const tin = String(headers.tin ?? "");
    const bhfId = String(headers.bhfid ?? "");
    if (!tin || !bhfId || !headers.cmckey) return reply("900", "There is no Header information");
    if (keys.get(`${tin}/${bhfId}`) !== headers.cmckey) return reply("901", "It is not valid device");
    const invcNo = Number(body.invcNo);
    const lines = body.itemList;
    if (
      !Number.isInteger(invcNo) ||
      invcNo < 1 ||
      !["S", "R"].includes(String(body.rcptTyCd)) ||
      !Array.isArray(lines) ||
      lines.length === 0
    ) {
      return reply("910", "Request parameter error");
    }
    if (lines.some((item) => !/^\d{8,10}$/.test(String((item as Record<string, unknown>).itemClsCd ?? "")))) {
      return reply("910", "Request parameter error: itemClsCd");
    }
    const unknownItem = (lines as Record<string, unknown>[]).find((item) => {
      const registered = registeredItems.get(String(item.itemCd ?? ""));
      return !registered || registered.itemClsCd !== item.itemClsCd || registered.taxTyCd !== item.taxTyCd;
    });
    if (unknownItem) return reply("910", `Request parameter error: itemCd ${String(unknownItem.itemCd)}`);
    const wrongSums = amountsRefusal(body, lines as Record<string, unknown>[]);
    if (wrongSums) {
      faults.push(`sale ${invcNo}: ${wrongSums}`);
      return reply("910", `Request parameter error: ${wrongSums}`);
    }
    if (sales.has(invcNo)) return reply("994", "There is an overlapped Data");
    const orgInvcNo = Number(body.orgInvcNo ?? 0);
    if (body.rcptTyCd === "R" && sales.get(orgInvcNo)?.rcptTyCd !== "S") {
      faults.push(`credit note ${invcNo} for sale ${orgInvcNo}, which KRA never accepted`);
      return reply("922", "Sales invoice data can be received after receiving the sales data.");
    }
    if (
      body.rcptTyCd === "R" &&
      [...sales.values()].some((s) => s.rcptTyCd === "R" && s.orgInvcNo === orgInvcNo)
    ) {
      faults.push(`a second credit note (${invcNo}) for sale ${orgInvcNo}`);
      return reply("921", "Sales or sales invoice data which is declared cannot be received.");
    }
    const remark = typeof body.remark === "string" ? body.remark : "";
    const live = [...sales.values()].find(
      (s) =>
        s.rcptTyCd === "S" &&
        remark !== "" &&
        s.body.remark === remark &&
        ![...sales.values()].some((c) => c.rcptTyCd === "R" && c.orgInvcNo === s.invcNo),
    );
    if (body.rcptTyCd === "S" && live) {
      faults.push(`sale ${invcNo} declares "${remark}" again: sale ${live.invcNo} stands for it`);
      return reply("921", "Sales or sales invoice data which is declared cannot be received.");
    }
    receiptNo += 1;
    sales.set(invcNo, { invcNo, rcptTyCd: String(body.rcptTyCd), orgInvcNo, body, curRcptNo: receiptNo });
    return reply("000", "It is succeeded", {
      curRcptNo: String(receiptNo),
      totRcptNo: String(receiptNo),
      intrlData: base32(24).slice(0, 26),
      rcptSign: base32(16).slice(0, 16),
      sdcDateTime: stamp(),
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname.replace(/^.*\//, "");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return answer(res, "911", "There is no request full text");
      }
      requests.push({ path, headers: req.headers, body });
      if (mode.kind === "timeout") {
        held.push(res);
        return;
      }
      if (mode.kind === "http-500") {
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("Internal Server Error");
      }
      if (mode.kind === "refuse" && (!mode.path || mode.path === path)) {
        return answer(res, mode.code, mode.message);
      }
      if (req.method !== "POST") return answer(res, "912", "There is a request Method error");
      const outcome =
        path === "selectInitOsdcInfo"
          ? init(body)
          : path === "saveTrnsSalesOsdc"
            ? sale(req.headers, body)
            : path === "saveItem"
              ? saveItem(req.headers, body)
              : null;
      if (!outcome) return res.writeHead(404).end();
      if (mode.kind === "lose-answer") {
        held.push(res);
        return;
      }
      answer(res, outcome.resultCd, outcome.resultMsg, outcome.data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/etims-api`,
    sales,
    items: registeredItems,
    faults,
    /** fails the test that leaves KRA's ledger with a doubled declaration or a credit for nothing */
    expectCleanLedger() {
      const found = faults.splice(0);
      if (found.length > 0) throw new Error(`KRA's ledger was doubled: ${found.join("; ")}`);
    },
    requests,
    /** how many sale requests were made for an invoice number (recorded or not) */
    attemptsFor: (invcNo: number) =>
      requests.filter(
        (r) => r.path === "saveTrnsSalesOsdc" && (r.body as { invcNo?: number }).invcNo === invcNo,
      ).length,
    setMode(next: EtimsMode) {
      mode = next;
      if (next.kind !== "timeout" && next.kind !== "lose-answer")
        for (const res of held.splice(0)) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type EtimsStandIn = Awaited<ReturnType<typeof startEtimsServer>>;
