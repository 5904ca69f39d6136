import { sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import type { PaymentState } from "#app/utils/payment-state";

// What the open invoice asks (the newest proforma, nothing once a credit note cancels it) and what the ledger
// holds, per booking, as `bookingBalance` counts them: for a list that shows many bookings' balances in one query
export const bookingInvoicedSql = sql<number>`coalesce((
  select case when exists (
    select 1 from finance_documents cn where cn.kind = 'credit_note' and cn.relates_to_id = d.id
  ) then 0 else d.total_cents end
  from finance_documents d where d.booking_id = ${bookings.id} and d.kind = 'proforma'
  order by d.version desc limit 1), 0)`;
export const bookingPaidSql = sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.booking_id = ${bookings.id}), 0)`;
/** `paymentState` of the two, in SQL, for filtering a list by it. */
export const bookingPaymentStateSql = sql<PaymentState>`case
  when ${bookingPaidSql} > ${bookingInvoicedSql} then 'overpaid'
  when ${bookingPaidSql} = ${bookingInvoicedSql} and ${bookingInvoicedSql} > 0 then 'paid'
  when ${bookingPaidSql} > 0 then 'part_paid'
  else 'unpaid' end`;
