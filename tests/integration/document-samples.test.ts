import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { cancelParticipant } from "#app/bookings/index.server";
import {
  findDeliveryRun,
  gatherNitaPack,
  listLiveParticipants,
  nitaPackPdf,
  saveRegisterScan,
} from "#app/delivery/index.server";
import { renderCertificate, renderSignInSheet } from "#app/delivery/testing.server";
import {
  bounceCheque,
  clearCheque,
  issueDueReceipts,
  recordCheque,
  saveDarajaCredentials,
} from "#app/money/index.server";
import { cheques, financeDocuments } from "#app/money/tables.server";
import { getFinanceProfile, renderTaxInvoicePdf } from "#app/money/testing.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import {
  getFirmIdentity,
  publicBrochurePdf,
  publicCataloguePdf,
  publicRegistrationFormPdf,
  saveDocumentImage,
} from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { resolveChromium } from "../helpers/chromium.mjs";
import { DARAJA_KEYS } from "../helpers/daraja";
import { writeTimetable } from "../helpers/delivery";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

// Every document the firm hands out, made from seeded data the way the product makes it, and its text read
// back. With DOCUMENT_SAMPLES_DIR set (`npm run docs:samples`), each is also written there as PDF and PNG.

const OUT = process.env.DOCUMENT_SAMPLES_DIR;

/** `pngPages`: how many pages to show as PNG (a long catalogue's first pages show its design). */
async function keep(name: string, pdf: Uint8Array, pngPages?: number) {
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  if (OUT) {
    fs.mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, `${name}.pdf`);
    fs.writeFileSync(file, pdf);
    // every page as its own PNG, small enough to commit (docs/screens/documents)
    const last = pngPages ? ["-l", String(pngPages)] : [];
    execFileSync("pdftoppm", ["-png", "-r", "60", ...last, file, path.join(OUT, name)]);
  }
  return { pages, text: extractPdfText(Buffer.from(pdf)) };
}

const storedPdf = (key: string) => fs.readFileSync(path.join(env().DATA_DIR, "uploads", key));

/** A logo and a signature as an office would upload them (PNG files), through the same code. */
async function uploadImages() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samples-"));
  const images = {
    logo: `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96"><rect width="96" height="96" rx="18" fill="#0f4c5c"/><text x="48" y="66" font-size="56" font-family="sans-serif" font-weight="bold" fill="#e09f3e" text-anchor="middle">M</text><text x="110" y="60" font-size="30" font-family="sans-serif" fill="#0f4c5c">mafunzo</text></svg>`,
    signature: `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="90"><path d="M10 70 C 40 10, 70 10, 80 60 S 120 90, 140 40 S 190 20, 210 60 S 260 70, 350 30" stroke="#1e3a8a" stroke-width="4" fill="none"/></svg>`,
  };
  for (const [kind, svg] of Object.entries(images) as ["logo" | "signature", string][]) {
    const file = path.join(dir, `${kind}.png`);
    await sharp(Buffer.from(svg)).png().toFile(file);
    await saveDocumentImage(ACTOR, kind, { path: file, size: fs.statSync(file).size, name: `${kind}.png` });
  }
}

/** A phone photo of a signed register sheet (a drawn one: rows, names and ink), uploaded as the office would. */
async function uploadSignedRegister(run: string) {
  const rows = Array.from(
    { length: 4 },
    (_, i) =>
      `<line x1="60" y1="${260 + i * 110}" x2="1180" y2="${260 + i * 110}" stroke="#334155" stroke-width="2"/><text x="80" y="${240 + i * 110}" font-size="34" font-family="sans-serif" fill="#1f2937">Participant ${i + 1}</text><path d="M760 ${235 + i * 110} c 40 -50, 70 -50, 80 0 s 60 40, 90 -20 s 70 -10, 120 10" stroke="#1e3a8a" stroke-width="5" fill="none"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="1240" height="1754" fill="#f5f5f0"/><text x="60" y="120" font-size="48" font-family="sans-serif" font-weight="bold" fill="#111827">Attendance register, day 1 (signed)</text>${rows}</svg>`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "samples-")), "register.jpg");
  await sharp(Buffer.from(svg)).jpeg().toFile(file);
  await saveRegisterScan(ACTOR, run, { path: file, size: fs.statSync(file).size, name: "register.jpg" });
}

let runId: string;
let reference: string;

beforeAll(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  // M-PESA Express on, as a firm that takes payments online has it: the e-mails carry "Pay with M-PESA"
  await saveDarajaCredentials(ACTOR, { environment: "sandbox", ...DARAJA_KEYS });
  await uploadImages();
  runId = await newRun("110000.00");
  const group = await book(runId, 4, "Group");
  reference = group.booking.reference;
  await confirmAll(runId, group.participants);
  await writeTimetable(runId);
});

const documentsOf = (kind: "proforma" | "receipt" | "credit_note") =>
  db()
    .select()
    .from(financeDocuments)
    .where(eq(financeDocuments.kind, kind))
    .orderBy(asc(financeDocuments.createdAt));

describe("the documents a client keeps", () => {
  test("the proforma of a group: letterhead with the PIN, the participants it bills, 4 × KES 110,000 totalled", async () => {
    const [proforma] = (await documentsOf("proforma")).filter((d) => d.lines[0]?.quantity === 4);
    const { pages, text } = await keep("proforma-invoice", storedPdf(proforma?.storageKey as string));
    expect(pages).toBe(1);
    expect(text).toContain("Page 1 of 1");
    const names = await db()
      .select({ name: courseRegistrations.name })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.runId, runId));
    for (const expected of [
      "Proforma Invoice",
      "Mafunzo Training & Consultancy Ltd",
      reference,
      "KES 110,000.00",
      "KES 440,000.00",
      "Total (KES)",
      "How to pay",
      ...names.map((n) => n.name),
    ]) {
      expect(text).toContain(expected);
    }
    expect(squash(text)).toContain(squash("KRA PIN P051111111Q"));
    // beside M-PESA, the firm's account for EFT, RTGS and PesaLink, with the reference to quote (issue 47)
    expect(squash(text)).toContain(squash("Bank transfer (EFT, RTGS or PesaLink):"));
    expect(squash(text)).toContain(squash(`quote ${reference} as the reference`));
    expect(text).not.toContain("computed on each line");
  });

  test("the receipt states the payment, its code and the total received", async () => {
    await callback(
      "confirmation",
      c2b({ TransID: "TKS0000440", TransAmount: "440000", BillRefNumber: reference }),
    );
    // the callback is answered first; the receipt follows the commit (decision 0652)
    await issueDueReceipts();
    const [receipt] = await documentsOf("receipt");
    const { pages, text } = await keep("receipt", storedPdf(receipt?.storageKey as string));
    expect(pages).toBe(1);
    for (const expected of [
      "Receipt",
      "RECEIVED FROM",
      "M-PESA TKS0000440",
      "Total received",
      "KES 440,000.00",
      "Paid in full: nothing is left to pay.",
    ]) {
      expect(text).toContain(expected);
    }
  });

  test("the credit note says what it cancels and that nothing is owed", async () => {
    const single = await book(runId, 1, "Single");
    await confirmAll(runId, single.participants);
    await cancelParticipant(ACTOR, runId, single.participants[0] as string);
    const [credit] = await documentsOf("credit_note");
    const { text } = await keep("credit-note", storedPdf(credit?.storageKey as string));
    for (const expected of [
      "Credit Note",
      "Cancels proforma invoice",
      "nothing is owed",
      "Total credited (KES)",
    ]) {
      expect(text).toContain(expected);
    }
  });

  test("a certificate with a 60-character name and a 120-character title fits one landscape page, no attendance rate", async () => {
    const name = "Wanjiku Nyambura Kamau-Odhiambo Achieng Chebet Mwangi Otieno";
    const title =
      "Strategic Leadership, Corporate Governance and Performance Management for Senior Officers of Public Service Institutions";
    expect(name).toHaveLength(60);
    expect(title).toHaveLength(120);
    const verifyUrl = "https://mafunzo.example/verify/7K3M-Q9TX-2B8W-RZ4P";
    const pdf = await renderCertificate(
      {
        code: "7K3M-Q9TX-2B8W-RZ4P",
        recipientName: name,
        courseTitle: title,
        dates: "2 to 6 March 2026",
        venue: "Naivasha, Kenya",
        hours: 35,
        attendancePercent: 100,
        signatoryName: "Esther Achieng Oduor",
        signatoryTitle: "Director of Training",
        verifyUrl,
      },
      await getFirmIdentity(),
    );
    const { pages, text } = await keep("certificate", pdf);
    expect(pages).toBe(1);
    const [page] = (await PDFDocument.load(pdf)).getPages();
    expect((page?.getWidth() ?? 0) > (page?.getHeight() ?? 0)).toBe(true);
    for (const expected of [
      "Certificate of Attendance",
      name,
      "35 hours",
      "Esther Achieng Oduor",
      verifyUrl,
    ]) {
      expect(squash(text)).toContain(squash(expected));
    }
    expect(squash(text)).toContain(squash(title));
    expect(text).not.toMatch(/\d+\s*%/);
  });

  test("the sign-in sheet: a page per day, masked ID numbers, a signature column", async () => {
    const run = await findDeliveryRun(runId);
    if (!run) throw new Error("no run");
    const people = (await listLiveParticipants(runId)).map((p) => ({ ...p, idNumber: p.maskedIdNumber }));
    const { pages, text } = await keep(
      "sign-in-sheet",
      await renderSignInSheet(run, people, await getFirmIdentity()),
    );
    expect(pages).toBe(run.days.length);
    expect(run.days.length).toBe(5);
    for (let day = 1; day <= 5; day++) expect(text).toContain(`${day} of 5`);
    expect(text).toContain("Signature");
    // masked: the last four characters only (decision 0637)
    const full = people.map((p) => p.maskedIdNumber?.slice(-4));
    for (const last of full) expect(text).toContain(last);
    expect(text).not.toMatch(/2\d{3}[0-3]000/);
  });

  test("the NITA pack is numbered across every page it binds, the signed register's photo among them", async () => {
    await uploadSignedRegister(runId);
    const run = await findDeliveryRun(runId);
    const gathered = await gatherNitaPack(run as NonNullable<typeof run>, "County Government of Kisumu");
    const { pages, text } = await keep(
      "nita-claim-pack",
      await nitaPackPdf(gathered as NonNullable<typeof gathered>),
    );
    // the running numbers, one per page in order (a bound invoice's own "Page 1 of 1" lies under its stamp)
    const running = [...text.matchAll(new RegExp(`Page (\\d+) of ${pages}\\b`, "g"))].map((m) =>
      Number(m[1]),
    );
    expect(running).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(pages).toBeGreaterThan(5);
    expect(squash(text)).toContain(squash("5. Signed attendance register (scanned copy uploaded"));
  });

  test("the tax invoice as eTIMS signed it: the letterhead, the lines with class and tax type, every KRA field", async () => {
    const total = 440_000_00;
    const tax = Math.round((total * 16) / 116);
    const { pages, text } = await keep(
      "tax-invoice",
      await renderTaxInvoicePdf(
        {
          receiptType: "S",
          invoiceNo: 41,
          originalInvoiceNo: null,
          bookingReference: reference,
          proformaNumber: "PRO-2026-0001",
          // the seller as the outbox prints it: the finance profile, with the device's PIN
          seller: { ...(await getFinanceProfile(db())).seller, kraPin: "P051111111Q" },
          buyer: { name: "County Government of Kisumu", kraPin: "P051234567X" },
          lines: [
            {
              description: "Strategic Planning and Performance Management, 4 participants",
              itemClassCode: "8611160100",
              itemCode: "KE3NTU0000001",
              taxType: "B",
              quantity: 4,
              unitCents: 110_000_00,
              amountCents: total,
              taxCents: tax,
            },
          ],
          totalCents: total,
          taxCents: tax,
          kra: {
            receiptNo: 118,
            totalReceiptNo: 342,
            internalData: "U4ZLBDGQ3IT7BCMUXQMKCRLYLM",
            signature: "CMV2DO6JJ4UQJ3PH",
            sdcDateTime: "20260305101530",
            sdcId: "KRACU0100000042",
            mrcNo: "WIS00000042",
            verifyUrl:
              "https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051111111Q00CMV2DO6JJ4UQJ3PH",
          },
        },
        await getFirmIdentity(),
      ),
    );
    expect(pages).toBe(1);
    for (const expected of [
      "TAX INVOICE No. 41",
      "Mafunzo Training & Consultancy Ltd",
      "Buyer PIN: P051234567X",
      "Item class 8611160100",
      "KES 440,000.00",
      "Total net amount KES 379,310.34",
      "Total VAT KES 60,689.66",
      "Total amount (KES) KES 440,000.00",
      "U4ZL-BDGQ-3IT7",
      "CMV2-DO6J-J4UQ",
      "KRACU0100000042",
      "Page 1 of 1",
    ]) {
      expect(squash(text)).toContain(squash(expected));
    }
  });
});

describe("the website's downloads, on the letterhead", () => {
  const letterhead = (text: string) => {
    expect(squash(text)).toContain(squash("Mafunzo Training & Consultancy Ltd"));
    expect(squash(text)).toContain(squash("KRA PIN P051111111Q"));
  };

  test("the registration form", async () => {
    const { pages, text } = await keep("registration-form", (await publicRegistrationFormPdf()).bytes);
    expect(pages).toBe(1);
    expect(text).toContain("Course Registration Form");
    letterhead(text);
  });

  test("the catalogue, numbered across its pages", async () => {
    const { pages, text } = await keep("catalogue", (await publicCataloguePdf()).bytes, 2);
    expect(text).toContain("Training Catalogue");
    expect(text).toContain(`Page ${pages} of ${pages}`);
    letterhead(text);
  });

  test("the company brochure", async () => {
    const { text } = await keep("company-brochure", (await publicBrochurePdf()).bytes);
    expect(text).toContain("Company Profile");
    letterhead(text);
  });
});

describe("the e-mails a client receives", () => {
  test("each as its HTML part shows it, written out as PDF and PNG with the documents", async () => {
    // a booking that waits: a run of one seat, taken
    const full = await newRun("110000.00");
    await db().update(courseRuns).set({ capacity: 1 }).where(eq(courseRuns.id, full));
    await book(full, 1, "Seated");
    const waiting = await book(full, 1, "Waiting");
    // a county's cheque that cleared and came back unpaid, with the bank's charge (decision 0756)
    const chequeRun = await newRun("110000.00");
    const county = await book(chequeRun, 1, "Cheque");
    await confirmAll(chequeRun, county.participants);
    const chequeNumber = "004417";
    await recordCheque(ACTOR, {
      reference: county.booking.reference,
      number: chequeNumber,
      bank: "Kenya Commercial Bank",
      chequeDate: today(),
      receivedOn: today(),
      clearsOn: today(),
      amountCents: 11_000_000,
      payer: "County Government of Kisumu",
    });
    const [cheque] = await db().select().from(cheques).where(eq(cheques.number, chequeNumber));
    await clearCheque(ACTOR, cheque?.id as string, today());
    await bounceCheque(ACTOR, cheque?.id as string, {
      bouncedOn: today(),
      reason: "Insufficient funds",
      bankChargeCents: 150_000,
    });
    const kinds = {
      "email-group-confirmation": ["registration_confirmation", reference],
      "email-waiting-list": ["registration_confirmation", waiting.booking.reference],
      "email-proforma-invoice": ["finance_proforma", reference],
      "email-receipt": ["finance_receipt", reference],
      "email-cheque-returned": ["cheque_returned", county.booking.reference],
    } as const;
    const rows = await db().select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));
    const picked = Object.entries(kinds).map(([name, [kind, ref]]) => {
      const row = rows.find((r) => r.kind === kind && r.subject.includes(ref));
      if (!row) throw new Error(`no ${kind} e-mail for ${ref}`);
      return { name, row };
    });
    for (const { row } of picked) {
      expect(row.htmlBody).toContain("Mafunzo Training &amp; Consultancy");
      expect(row.textBody).toContain(row.subject.slice(0, 20));
    }
    const group = picked.find((p) => p.name === "email-group-confirmation")?.row;
    expect(group?.textBody).toContain("4 × KES 110,000 = KES 440,000");
    for (const action of ["Pay with M-PESA", "Add to calendar", "See your booking"]) {
      expect(group?.htmlBody).toContain(action);
      expect(group?.textBody).toContain(`${action}: http`);
    }
    const queued = picked.find((p) => p.name === "email-waiting-list")?.row;
    expect(queued?.textBody).toContain("What happens next");
    expect(queued?.textBody).not.toMatch(/KES|pay/i);
    if (!OUT) return;
    // as a phone shows them: 390 px wide
    const browser = await chromium.launch({
      executablePath: await resolveChromium(),
      args: ["--no-sandbox"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
      for (const { name, row } of picked) {
        await page.setContent(row.htmlBody, { waitUntil: "load" });
        fs.mkdirSync(OUT, { recursive: true });
        await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, scale: "css" });
        await page.pdf({ path: path.join(OUT, `${name}.pdf`), width: "390px", printBackground: true });
      }
    } finally {
      await browser.close();
    }
  });
});
