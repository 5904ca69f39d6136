// The data request page's labels, in a module of their own with no imports: the page's browser code needs them,
// not the schemas' zod nor the phone rules (decision 0637).

/** The kinds of records the tool finds, in the order the screens and the exports list them. */
export const FOUND_KINDS = {
  registrations: "Course registrations",
  bookings: "Bookings made as the contact",
  enquiries: "Enquiries (contact form)",
  interests: '"Notify me of new dates" requests',
  feedback: "Course feedback",
  certificates: "Certificates",
  financeDocuments: "Invoices, receipts and credit notes",
  payments: "Payments",
  paymentReviews: "Payments held for review",
  cheques: "Cheques received",
  emails: "E-mails sent or waiting",
  texts: "Text messages (SMS) sent or waiting",
  whatsapp: "WhatsApp messages sent or waiting",
  salesEnquiries: "Enquiries the office follows up (in-house requests, contact-form follow-ups)",
  quotes: "Quotes sent for those enquiries, and who answered them",
  engagements: "Consultancy engagements as the contact",
  auditRows: "Audit log rows about these records",
} as const;
export type FoundKind = keyof typeof FOUND_KINDS;

/** What an erasure did to each kind of record, as the outcome and the request's record count it. */
export const ERASED_KINDS = {
  enquiriesDeleted: "Enquiries deleted",
  interestsDeleted: '"Notify me" requests deleted',
  emailsDeleted: "E-mails deleted from the outbox",
  textsDeleted: "Text messages deleted from the SMS outbox",
  whatsappDeleted: "WhatsApp messages deleted from the WhatsApp outbox",
  salesEnquiriesDeleted: "Office enquiries deleted",
  salesEnquiriesAnonymised: "Quoted enquiries' contact details anonymised",
  quotesAnonymised: "Quote answerers' names anonymised",
  engagementsAnonymised: "Engagements' contact details anonymised",
  registrationsAnonymised: "Course registrations anonymised",
  bookingsAnonymised: "Bookings' contact details anonymised",
  feedbackQuotesRemoved: "Feedback quote names removed",
  auditRowsRedacted: "Audit log rows with personal values replaced",
} as const;
export type ErasedKind = keyof typeof ERASED_KINDS;
