import { z } from "zod";

/**
 * The M-PESA Express callback as Daraja posts it to the CallBackURL:
 * `{ Body: { stkCallback: { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata? } } }`,
 * the metadata (on success only) an `Item` array of `{ Name, Value }`: Amount, MpesaReceiptNumber, Balance
 * (often without a Value), TransactionDate (YYYYMMDDHHmmss as a number) and PhoneNumber (a number). Bounded
 * field by field; what is odd about a success is judged as a C2B confirmation's is (`readC2B`).
 */
const scalar = z.union([z.string().max(200), z.number()]).transform(String);
export const StkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: scalar,
      CheckoutRequestID: scalar.pipe(z.string().min(1).max(100)),
      ResultCode: scalar.pipe(z.string().min(1).max(20)),
      ResultDesc: scalar.optional(),
      CallbackMetadata: z
        .object({
          Item: z.array(z.object({ Name: z.string().max(50), Value: scalar.optional() })).max(20),
        })
        .optional(),
    }),
  }),
});
export type StkCallback = z.infer<typeof StkCallbackSchema>;

/** Daraja's answer to its own callback: it only needs to hear that we took it. */
export const STK_ACCEPTED = { ResultCode: 0, ResultDesc: "Accepted" } as const;

/** The metadata items by name (the last of a repeated name wins; a name without a value is absent). */
export function stkMetadata(callback: StkCallback["Body"]["stkCallback"]) {
  const items = new Map<string, string>();
  for (const item of callback.CallbackMetadata?.Item ?? []) {
    if (item.Value !== undefined) items.set(item.Name, item.Value);
  }
  return {
    amount: items.get("Amount") ?? null,
    receipt: items.get("MpesaReceiptNumber") ?? null,
    transactionDate: items.get("TransactionDate") ?? null,
    phone: items.get("PhoneNumber") ?? null,
  };
}
