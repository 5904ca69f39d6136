import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { EtimsMode } from "./etims";

/*
 * A stand-in for URA EFRIS system-to-system on a free loopback port, written from URA's public "API
 * documentation (for system to system users)" v23.4 and public client code (EFRIS integrations for
 * ERPNext/Frappe, PHP and TypeScript SDKs): one POST endpoint taking the envelope { data: { content (BASE64 JSON), signature,
 * dataDescription }, globalInfo: { interfaceCode, tin, deviceNo, … }, returnStateInfo }, answering the same
 * envelope with returnStateInfo.returnCode "00" (SUCCESS) or an error code and message. See docs/fiscalisation.md.
 *
 * It keeps URA's side: goods registered (T130), invoices accepted (T109) under an FDN with an anti-fake code,
 * once per seller referenceNo (isCheckReferenceNo "1"), findable by referenceNo (T106) and FDN (T108); credit
 * note applications (T110) only against accepted invoices and never beyond what is left to credit (1434/1460),
 * waiting as "102 submitted" until the test approves or rejects them as URA's officer would, listed by the
 * original FDN (T111). It answers 99 (unknown error), an HTTP 500, a timeout and a lost answer on demand.
 * Codes the documentation gives are used as it gives them (99, 1434, 1460); the rest are named in `CODES`.
 */

/** the stand-in's codes where URA's list was not at hand (docs/fiscalisation.md names them) */
export const CODES = {
  device: "2124",
  parameter: "2000",
  unknownGoods: "2122",
  duplicateReference: "2253",
  sums: "2206",
  buyerTin: "2132",
} as const;

export type EfrisInvoice = {
  fdn: string;
  invoiceId: string;
  antifakeCode: string;
  referenceNo: string;
  content: Record<string, unknown>;
  kind: "invoice" | "credit";
  oriInvoiceNo: string | null;
};
export type EfrisApplication = {
  referenceNo: string;
  oriInvoiceNo: string;
  approveStatus: "101" | "102" | "103" | "104";
  invoiceNo: string | null;
  content: Record<string, unknown>;
  remarks: string | null;
};

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join("");
const amount = (value: unknown) => Math.round(Number(value) * 100);

export async function startUraEfrisServer(options: { tin?: string; deviceNo?: string } = {}) {
  const tin = options.tin ?? "1001234567";
  const deviceNo = options.deviceNo ?? `${tin}_01`;
  const goods = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, EfrisInvoice>();
  const applications = new Map<string, EfrisApplication>();
  const faults: string[] = [];
  const requests: { interfaceCode: string; content: unknown }[] = [];
  const held: http.ServerResponse[] = [];
  let mode: EtimsMode = { kind: "ok" };

  type Answer = { code: string; message: string; content?: unknown };
  const ok = (content: unknown = null): Answer => ({ code: "00", message: "SUCCESS", content });
  const no = (code: string, message: string): Answer => ({ code, message });

  function t130(content: unknown): Answer {
    if (!Array.isArray(content)) return no(CODES.parameter, "goods list: required");
    const failed: unknown[] = [];
    for (const item of content as Record<string, unknown>[]) {
      if (!item.goodsCode || !item.goodsName || !/^\d{8}$/.test(String(item.commodityCategoryId ?? ""))) {
        failed.push({
          goodsCode: item.goodsCode ?? "",
          returnCode: CODES.parameter,
          returnMessage: "commodityCategoryId: invalid",
        });
        continue;
      }
      goods.set(String(item.goodsCode), item);
    }
    return ok(failed);
  }

  /** URA's arithmetic: each line qty × price = total, tax at its rate inside the total, summary the sums */
  function sumsProblem(body: Record<string, unknown>): string | null {
    const lines = body.goodsDetails as Record<string, unknown>[];
    let gross = 0;
    let tax = 0;
    for (const line of lines) {
      if (Math.abs(Number(line.qty) * Number(line.unitPrice) * 100 - amount(line.total)) > 1)
        return `goodsDetails ${String(line.orderNumber)}: total`;
      const rate = line.taxRate === "-" ? 0 : Number(line.taxRate);
      if (Math.abs(amount(line.tax) - (amount(line.total) * rate) / (1 + rate)) > 100)
        return `goodsDetails ${String(line.orderNumber)}: tax`;
      gross += amount(line.total);
      tax += amount(line.tax);
    }
    const summary = body.summary as Record<string, unknown>;
    if (amount(summary.grossAmount) !== gross) return "summary: grossAmount";
    if (amount(summary.taxAmount) !== tax) return "summary: taxAmount";
    if (amount(summary.netAmount) !== gross - tax) return "summary: netAmount";
    if (Number(summary.itemCount) !== lines.length) return "summary: itemCount";
    return null;
  }

  function t109(body: Record<string, unknown>): Answer {
    const seller = body.sellerDetails as Record<string, unknown> | undefined;
    const basic = body.basicInformation as Record<string, unknown> | undefined;
    const buyer = body.buyerDetails as Record<string, unknown> | undefined;
    const lines = body.goodsDetails as Record<string, unknown>[] | undefined;
    if (!seller || !basic || !buyer || !lines?.length || !body.summary || !body.taxDetails) {
      return no(
        CODES.parameter,
        "invoice: sellerDetails, basicInformation, buyerDetails, goodsDetails, taxDetails and summary are required",
      );
    }
    if (seller.tin !== tin || basic.deviceNo !== deviceNo)
      return no(CODES.device, "deviceNo does not match the TIN");
    const referenceNo = String(seller.referenceNo ?? "");
    if (
      seller.isCheckReferenceNo === "1" &&
      [...invoices.values()].some((i) => i.referenceNo === referenceNo)
    ) {
      faults.push(`invoice ${referenceNo} uploaded twice`);
      return no(CODES.duplicateReference, "sellerDetails-->referenceNo: already exists");
    }
    if (!["0", "1", "2", "3"].includes(String(buyer.buyerType)))
      return no(CODES.parameter, "buyerDetails-->buyerType: invalid");
    if (
      (buyer.buyerType === "0" || buyer.buyerType === "3") &&
      !/^\d{10}$/.test(String(buyer.buyerTin ?? ""))
    ) {
      return no(CODES.buyerTin, "buyerDetails-->buyerTin: required for a business or government buyer");
    }
    if (!basic.currency) return no(CODES.parameter, "basicInformation-->currency: required");
    const unknownGoods = lines.find((line) => !goods.has(String(line.itemCode)));
    if (unknownGoods)
      return no(
        CODES.unknownGoods,
        `goodsDetails-->itemCode ${String(unknownGoods.itemCode)}: not registered`,
      );
    const wrong = sumsProblem(body);
    if (wrong) {
      faults.push(`invoice ${referenceNo}: ${wrong}`);
      return no(CODES.sums, wrong);
    }
    const invoice = issue(body, referenceNo, "invoice", null);
    return ok(invoice.content);
  }

  function issue(
    body: Record<string, unknown>,
    referenceNo: string,
    kind: EfrisInvoice["kind"],
    oriInvoiceNo: string | null,
  ) {
    const fdn = digits(16);
    const invoiceId = digits(18);
    const antifakeCode = digits(20);
    const content = {
      ...body,
      basicInformation: {
        ...(body.basicInformation as object),
        invoiceNo: fdn,
        invoiceId,
        antifakeCode,
        issuedDate: new Date().toISOString().slice(0, 19).replace("T", " "),
      },
      summary: {
        ...(body.summary as object),
        qrCode: `https://efris.ura.go.ug/site_mobile/#/invoiceValidation?invoiceNo=${fdn}`,
      },
    };
    const invoice = { fdn, invoiceId, antifakeCode, referenceNo, content, kind, oriInvoiceNo };
    invoices.set(fdn, invoice);
    return invoice;
  }

  function t110(body: Record<string, unknown>): Answer {
    const original = invoices.get(String(body.oriInvoiceNo ?? ""));
    if (original?.kind !== "invoice" || original.invoiceId !== body.oriInvoiceId) {
      faults.push(`credit note application against ${String(body.oriInvoiceNo)}, which URA never issued`);
      return no(CODES.parameter, "oriInvoiceNo: the original invoice does not exist");
    }
    const live = [...applications.values()].filter(
      (a) => a.oriInvoiceNo === original.fdn && (a.approveStatus === "101" || a.approveStatus === "102"),
    );
    if (live.length > 0) {
      faults.push(`a second credit note application against ${original.fdn}`);
      return no(
        "1434",
        "goodsDetails-->qty:Cannot be greater than the remaining value of the corresponding commodity line on original invoice",
      );
    }
    const originalGross = amount((original.content.summary as Record<string, unknown>).grossAmount);
    if (-amount((body.summary as Record<string, unknown>)?.grossAmount) > originalGross) {
      return no(
        "1460",
        "goodsDetails-->total:Cannot be greater than the remaining amount of the corresponding commodity line on original invoice",
      );
    }
    const referenceNo = digits(12);
    applications.set(referenceNo, {
      referenceNo,
      oriInvoiceNo: original.fdn,
      approveStatus: "102",
      invoiceNo: null,
      content: body,
      remarks: null,
    });
    return ok({ referenceNo });
  }

  function answerFor(interfaceCode: string, content: unknown): Answer {
    const body = (content ?? {}) as Record<string, unknown>;
    switch (interfaceCode) {
      case "T130":
        return t130(content);
      case "T109":
        return t109(body);
      case "T106":
        return ok({
          records: [...invoices.values()]
            .filter((i) => i.referenceNo === body.referenceNo && i.kind === "invoice")
            .map((i) => ({ id: i.invoiceId, invoiceNo: i.fdn, referenceNo: i.referenceNo })),
        });
      case "T108": {
        const invoice = invoices.get(String(body.invoiceNo ?? ""));
        return invoice ? ok(invoice.content) : no(CODES.parameter, "invoiceNo: does not exist");
      }
      case "T110":
        return t110(body);
      case "T111":
        return ok({
          records: [...applications.values()]
            .filter((a) => a.oriInvoiceNo === body.oriInvoiceNo)
            .map(({ referenceNo, approveStatus, invoiceNo, oriInvoiceNo, remarks }) => ({
              id: referenceNo,
              referenceNo,
              approveStatus,
              invoiceNo,
              oriInvoiceNo,
              remarks,
            })),
        });
      default:
        return no(CODES.parameter, `interfaceCode ${interfaceCode}: not supported`);
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const send = (a: Answer, global: unknown = {}) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            data: {
              content:
                a.content === undefined ? "" : Buffer.from(JSON.stringify(a.content)).toString("base64"),
              signature: "",
              dataDescription: { codeType: "0", encryptCode: "1", zipCode: "0" },
            },
            globalInfo: global,
            returnStateInfo: { returnCode: a.code, returnMessage: a.message },
          }),
        );
      };
      let interfaceCode = "";
      let content: unknown = null;
      let global: Record<string, unknown> = {};
      try {
        const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        global = envelope.globalInfo ?? {};
        interfaceCode = String(global.interfaceCode ?? "");
        const text = envelope.data?.content
          ? Buffer.from(envelope.data.content, "base64").toString("utf8")
          : "";
        content = text ? JSON.parse(text) : null;
      } catch {
        return send(no("99", "Unknow error"));
      }
      requests.push({ interfaceCode, content });
      if (mode.kind === "timeout") return void held.push(res);
      if (mode.kind === "http-500") return void res.writeHead(500).end("Internal Server Error");
      if (mode.kind === "refuse" && (!mode.path || mode.path === interfaceCode))
        return send(no(mode.code, mode.message), global);
      if (global.tin !== tin || global.deviceNo !== deviceNo)
        return send(no(CODES.device, "deviceNo does not match the TIN"), global);
      const outcome = answerFor(interfaceCode, content);
      // URA records what was uploaded, but the answer never arrives
      if (mode.kind === "lose-answer" && ["T109", "T110", "T130"].includes(interfaceCode))
        return void held.push(res);
      send(outcome, global);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const decide = (referenceNo: string, approveStatus: "101" | "103", remarks: string | null = null) => {
    const application = applications.get(referenceNo);
    if (!application) throw new Error(`No credit note application ${referenceNo}`);
    application.approveStatus = approveStatus;
    application.remarks = remarks;
    if (approveStatus === "101") {
      const credit = issue(application.content, referenceNo, "credit", application.oriInvoiceNo);
      application.invoiceNo = credit.fdn;
    }
  };
  return {
    url: `http://127.0.0.1:${port}/efris/ws/taapp/getInformation`,
    tin,
    deviceNo,
    goods,
    invoices,
    applications,
    requests,
    /** URA's officer approves a credit note application: a credit note FDN is issued */
    approve: (referenceNo: string) => decide(referenceNo, "101"),
    reject: (referenceNo: string, remarks: string) => decide(referenceNo, "103", remarks),
    uploadsFor: (referenceNo: string) =>
      requests.filter(
        (r) =>
          r.interfaceCode === "T109" &&
          (r.content as { sellerDetails?: { referenceNo?: string } })?.sellerDetails?.referenceNo ===
            referenceNo,
      ).length,
    expectCleanLedger() {
      const found = faults.splice(0);
      if (found.length > 0) throw new Error(`URA's ledger was wronged: ${found.join("; ")}`);
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
export type UraEfrisStandIn = Awaited<ReturnType<typeof startUraEfrisServer>>;
