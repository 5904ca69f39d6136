// Statements as the M-PESA organisation portal exports them, for the hostile probe and the upload e2e test.

export const MPESA_HEADER =
  "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.";

const FIRST = ["WANJIKU", "OTIENO", "AKINYI", "MWANGI", "CHEPKOECH", "NJOROGE", "ATIENO", "KIPROTICH"];
const LAST = ["KAMAU WAIRIMU", "ODHIAMBO OCHIENG", "MUTUA NDUNGU", "CHEBET KIPLAGAT", "WEKESA BARASA"];

/**
 * A 20,000-line statement as the M-PESA organisation portal exports it: the account lines above the table, a
 * receipt per line, Details and Other Party Info filled as the portal fills them (the payer's phone and full
 * name, the bill reference), amounts quoted with thousands separators. About 3.8 MB, as the probe's was.
 */
export function portalExport(lines: number, day: string) {
  const out = [
    "Account Holder:,MAFUNZO TRAINING AND CONSULTANCY LIMITED",
    "Short Code:,880142",
    `Time Period:,From ${day} 00:00:00 To ${day} 23:59:59`,
    "",
    MPESA_HEADER,
  ];
  for (let i = 0; i < lines; i++) {
    const code = `TK${(1_000_000 + i).toString(36).toUpperCase().padStart(8, "0")}`;
    const name = `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`;
    const phone = `2547${String(10_000_000 + ((i * 7919) % 89_999_999)).padStart(8, "0")}`;
    const account = `MF${(i * 48271).toString(36).toUpperCase().padStart(8, "X").slice(0, 8)}`;
    const amount = (1000 + (i % 300) * 150).toLocaleString("en", { minimumFractionDigits: 2 });
    const time = `${day} ${String(6 + (i % 14)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:11`;
    out.push(
      [
        code,
        time,
        time,
        `"Pay Bill Online from ${phone} - ${name} Acc. ${account} via M-PESA App Kenya Paybill"`,
        "Completed",
        `"${amount}"`,
        "",
        `"${(2_000_000 + i * 150).toLocaleString("en", { minimumFractionDigits: 2 })}"`,
        "true",
        "Pay Bill Online",
        `"${phone} - ${name} (Customer, Registered Mobile Money Account)"`,
        "",
        account,
      ].join(","),
    );
  }
  return Buffer.from(`${out.join("\r\n")}\r\n`);
}
