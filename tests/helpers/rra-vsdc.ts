import http from "node:http";
import type { AddressInfo } from "node:net";
import { amountsRefusal, base32, type EtimsMode, stamp } from "./etims";

/*
 * A stand-in for RRA's EBM VSDC API on a free loopback port. RRA's VSDC is the design KRA's OSCU and ZRA's VSDC
 * came from (one API family: JSON POSTs answered { resultCd, resultMsg, resultDt, data }, the same result codes,
 * TrnsSalesSaveWrReq with invcNo/orgInvcNo/rcptTyCd and the per-type taxblAmtA… fields). Sources: the KRA OSCU
 * specification (paybillke/kra-etims-oscu-docs), ZRA's public VSDC route list (initializer/selectInitInfo,
 * items/saveItems, trnsSales/saveSales) and public RRA EBM integrations (the purchase code, the receipt's SDC id,
 * receipt numbers "n/total NS|NR", internal data and signature). See docs/fiscalisation.md.
 *
 * It keeps RRA's side: the items registered, every sale and refund accepted once per invoice number (a second
 * time is "994 overlapped data": already fiscalised), refunds only against accepted sales (922). Sales must
 * carry RRA's 18 % rate for tax type B and add up (the OSCU arithmetic). It answers each documented refusal, a
 * 500, a timeout, and a lost answer (recorded, never answered).
 */

export type RraRecordedSale = {
  invcNo: number;
  rcptTyCd: string;
  orgInvcNo: number;
  body: Record<string, unknown>;
  receipt: Record<string, unknown>;
};

export async function startRraVsdcServer(options: { tin?: string; branchId?: string } = {}) {
  const tin = options.tin ?? "101234567";
  const branchId = options.branchId ?? "00";
  const sales = new Map<number, RraRecordedSale>();
  const items = new Map<string, Record<string, unknown>>();
  const faults: string[] = [];
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const held: http.ServerResponse[] = [];
  let mode: EtimsMode = { kind: "ok" };
  let receiptNo = 0;
  const sdcId = "SDC010000123";
  const mrcNo = "WIS00012345";

  type Answer = { resultCd: string; resultMsg: string; data?: unknown };
  const reply = (resultCd: string, resultMsg: string, data: unknown = null): Answer => ({
    resultCd,
    resultMsg,
    data,
  });
  const known = (body: Record<string, unknown>) => body.tin === tin && body.bhfId === branchId;

  function saveItems(body: Record<string, unknown>): Answer {
    if (!known(body)) return reply("901", "It is not valid device");
    const required = ["itemCd", "itemClsCd", "itemTyCd", "itemNm", "taxTyCd"];
    if (required.some((field) => typeof body[field] !== "string" || body[field] === "")) {
      return reply("910", "Request parameter error");
    }
    if (!["A", "B", "C", "D"].includes(String(body.taxTyCd)))
      return reply("910", "Request parameter error: taxTyCd");
    items.set(String(body.itemCd), body);
    return reply("000", "It is succeeded");
  }

  function saveSales(body: Record<string, unknown>): Answer {
    if (!known(body)) return reply("901", "It is not valid device");
    const invcNo = Number(body.invcNo);
    const lines = body.itemList as Record<string, unknown>[] | undefined;
    if (
      !Number.isInteger(invcNo) ||
      invcNo < 1 ||
      !["S", "R"].includes(String(body.rcptTyCd)) ||
      !lines?.length
    ) {
      return reply("910", "Request parameter error");
    }
    const unknownItem = lines.find((line) => items.get(String(line.itemCd))?.taxTyCd !== line.taxTyCd);
    if (unknownItem) return reply("910", `Request parameter error: itemCd ${String(unknownItem.itemCd)}`);
    if (Number(body.taxRtB) !== 18) return reply("910", "Request parameter error: taxRtB");
    const wrong = amountsRefusal(body, lines);
    if (wrong) {
      faults.push(`sale ${invcNo}: ${wrong}`);
      return reply("910", `Request parameter error: ${wrong}`);
    }
    if (sales.has(invcNo)) return reply("994", "There is an overlapped Data");
    const orgInvcNo = Number(body.orgInvcNo ?? 0);
    if (body.rcptTyCd === "R" && sales.get(orgInvcNo)?.rcptTyCd !== "S") {
      faults.push(`refund ${invcNo} for sale ${orgInvcNo}, which RRA never accepted`);
      return reply("922", "Sales invoice data can be received after receiving the sales data.");
    }
    if (
      body.rcptTyCd === "R" &&
      [...sales.values()].some((s) => s.rcptTyCd === "R" && s.orgInvcNo === orgInvcNo)
    ) {
      faults.push(`a second refund (${invcNo}) for sale ${orgInvcNo}`);
      return reply("921", "Sales or sales invoice data which is declared cannot be received.");
    }
    receiptNo += 1;
    const receipt = {
      rcptNo: receiptNo,
      totRcptNo: receiptNo,
      vsdcRcptPbctDate: stamp(),
      sdcId,
      mrcNo,
      intrlData: base32(24).slice(0, 26),
      rcptSign: base32(16).slice(0, 16),
    };
    sales.set(invcNo, { invcNo, rcptTyCd: String(body.rcptTyCd), orgInvcNo, body, receipt });
    return reply("000", "It is succeeded", receipt);
  }

  function selectSales(body: Record<string, unknown>): Answer {
    if (!known(body)) return reply("901", "It is not valid device");
    const sale = sales.get(Number(body.invcNo));
    return sale ? reply("000", "It is succeeded", sale.receipt) : reply("001", "There is no search result");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname.replace(/^\/rra-vsdc\//, "");
      const send = (a: Answer) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ...a, resultDt: stamp() }));
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return send(reply("911", "There is no request full text"));
      }
      requests.push({ path, body });
      if (mode.kind === "timeout") return void held.push(res);
      if (mode.kind === "http-500") return void res.writeHead(500).end("Internal Server Error");
      if (mode.kind === "refuse" && (!mode.path || mode.path === path))
        return send(reply(mode.code, mode.message));
      if (req.method !== "POST") return send(reply("912", "There is a request Method error"));
      const outcome =
        path === "items/saveItems"
          ? saveItems(body)
          : path === "trnsSales/saveSales"
            ? saveSales(body)
            : path === "trnsSales/selectSales"
              ? selectSales(body)
              : null;
      if (!outcome) return void res.writeHead(404).end();
      if (mode.kind === "lose-answer") return void held.push(res);
      send(outcome);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rra-vsdc`,
    tin,
    branchId,
    sales,
    items,
    requests,
    /** how many sale requests named an invoice number (recorded or not) */
    attemptsFor: (invcNo: number) =>
      requests.filter((r) => r.path === "trnsSales/saveSales" && Number(r.body.invcNo) === invcNo).length,
    expectCleanLedger() {
      const found = faults.splice(0);
      if (found.length > 0) throw new Error(`RRA's ledger was wronged: ${found.join("; ")}`);
    },
    setMode(next: EtimsMode) {
      mode = next;
      if (next.kind !== "timeout" && next.kind !== "lose-answer") for (const r of held.splice(0)) r.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of held.splice(0)) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type RraVsdcStandIn = Awaited<ReturnType<typeof startRraVsdcServer>>;
