import { and, count, isNull } from "drizzle-orm";
import { payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import type { TodayContributor, TodayItem } from "#app/platform/today/contributor";
import { formatKes } from "#app/utils/cents";
import { currentFinanceProfileGaps } from "./documents/finance-profile.server";
import type { MoneySummary } from "./documents/finance-report.server";
import { taxInvoiceTrouble } from "./etims/tax-invoice-list.server";
import { mpesaGaps } from "./mpesa/money-flow.server";
import { chequesDueToClear } from "./payments/cheque.server";
import { MONEY_TO_ALLOCATE_PATH, moneyToAllocate } from "./payments/money-to-allocate.server";
import { countOpenPaymentReviews } from "./payments/payment-review.server";
import { WITHHOLDING_PATH } from "./withholding/withholding";
import { certificatesDueSummary } from "./withholding/withholding-report.server";

// Money's part of "What needs doing today" (decision 0716): each item links to its list on the finance screens.

/** Payments that matched no booking (reversals aside): they wait for finance to assign them. */
async function countUnassignedPayments() {
  const [row] = await db()
    .select({ n: count() })
    .from(payments)
    .where(and(isNull(payments.bookingId), isNull(payments.reversesId)));
  return row?.n ?? 0;
}

/**
 * Invoices past their due date (from the summary the dashboard shows beside its counts), payments that matched no
 * booking and payments held for review: each a list on the finance screens.
 */
async function overduePaymentItems({ overdueCount, overdueCents }: MoneySummary): Promise<TodayItem[]> {
  const [waiting, held] = await Promise.all([countUnassignedPayments(), countOpenPaymentReviews()]);
  return [
    {
      id: "overdue-payments",
      count: overdueCount,
      title: `${overdueCount === 1 ? "invoice" : "invoices"} overdue (${formatKes(overdueCents)})`,
      to: "/admin/finance#overdue-heading",
    },
    {
      id: "unassigned-payments",
      count: waiting,
      title: waiting === 1 ? "payment waiting to be assigned" : "payments waiting to be assigned",
      to: "/admin/finance/payments?view=unmatched",
    },
    {
      id: "payments-to-review",
      count: held,
      title: `M-PESA ${held === 1 ? "payment" : "payments"} held for review: not in the ledger until checked`,
      to: "/admin/finance/payments#reviews-heading",
    },
  ];
}

/** Cheques that should have cleared by today and are not marked cleared or returned (decision 0756). */
async function chequeItems(on: string): Promise<TodayItem[]> {
  const { count: n, cents } = await chequesDueToClear(on);
  if (n === 0) return [];
  return [
    {
      id: "cheques-to-check",
      count: n,
      title: `${n === 1 ? "cheque" : "cheques"} due to have cleared (${formatKes(cents)}): check with the bank, then mark cleared or returned`,
      to: "/admin/finance/payments#cheques-heading",
    },
  ];
}

/** Bookings holding money beyond their invoice (paid before it, or twice): to invoice, refund or carry over. */
async function moneyToAllocateItems(): Promise<TodayItem[]> {
  const { count: n, cents } = await moneyToAllocate();
  return [
    {
      id: "money-to-allocate",
      count: n,
      title: `${n === 1 ? "booking" : "bookings"} paid more than invoiced (${formatKes(cents)}): invoice, refund or carry over`,
      to: MONEY_TO_ALLOCATE_PATH,
    },
  ];
}

/** The finance profile's missing pieces, while any is missing: no invoice, receipt or credit note goes out. */
async function financeProfileItems(): Promise<TodayItem[]> {
  const gaps = await currentFinanceProfileGaps();
  const first = gaps[0];
  if (!first) return [];
  const details = gaps.length === 1 ? "detail" : "details";
  return [
    {
      id: "finance-profile",
      count: gaps.length,
      title: `finance profile ${details} missing (${gaps.map((gap) => gap.label).join(", ")}): no invoice can be issued until ${gaps.length === 1 ? "it is" : "they are"} filled in`,
      to: first.to,
    },
  ];
}

/** What M-PESA still lacks before payments flow in by themselves: the callbacks, M-PESA Express. */
async function mpesaItems(): Promise<TodayItem[]> {
  const gaps = await mpesaGaps();
  const first = gaps[0];
  if (!first) return [];
  return [
    {
      id: "money-flow",
      count: gaps.length,
      title: `still missing before money can flow: ${gaps.map((gap) => gap.label).join("; ")}`,
      to: first.to,
    },
  ];
}

/** eTIMS tax invoices refused (by KRA or our own check) or waiting long for KRA: the client has none yet. */
async function taxInvoiceItems(): Promise<TodayItem[]> {
  const { refused, waiting } = await taxInvoiceTrouble();
  const items: TodayItem[] = [];
  if (refused > 0) {
    items.push({
      id: "etims-refused",
      count: refused,
      title: `${refused === 1 ? "tax invoice" : "tax invoices"} not accepted by eTIMS: correct and retry`,
      to: "/admin/finance/tax-invoices",
    });
  }
  if (waiting > 0) {
    items.push({
      id: "etims-waiting",
      count: waiting,
      title: `${waiting === 1 ? "tax invoice" : "tax invoices"} waiting long for KRA's answer`,
      to: "/admin/finance/tax-invoices",
    });
  }
  return items;
}

/** Bookings paid in cash whose buyer's withholding certificates have not come yet: not debt, but to chase. */
async function certificateItems(): Promise<TodayItem[]> {
  const { count: n, cents } = await certificatesDueSummary();
  return [
    {
      id: "withholding-certificates-due",
      count: n,
      title: `${n === 1 ? "booking waits" : "bookings wait"} for withholding certificates (${formatKes(cents)}): ask the payer for them from iTax`,
      to: WITHHOLDING_PATH,
    },
  ];
}

/**
 * Money's items in the panel's order: overdue invoices, payments to assign and to review, cheques to check,
 * money to allocate, withholding certificates due, the
 * finance profile's gaps, M-PESA's gaps, eTIMS trouble. `money` is the summary the dashboard read once.
 */
export const moneyToday: TodayContributor<{ money: MoneySummary }> = async ({ money, today }) =>
  (
    await Promise.all([
      overduePaymentItems(money),
      chequeItems(today),
      moneyToAllocateItems(),
      certificateItems(),
      financeProfileItems(),
      mpesaItems(),
      taxInvoiceItems(),
    ])
  ).flat();
