/** The firm's contact line as a page's foot shows it (the site copy's contact section has this shape). */
export type FirmContact = { phone: string; email: string };

/**
 * The firm as its documents present it: legal name, address, KRA PIN and contact from the settings and the
 * site copy, the logo and the signatory's signature as uploaded in Settings (PNG data URLs, or null). Plain
 * data, so a document can be drawn wherever its props can be sent.
 */
export type FirmIdentity = FirmContact & {
  legalName: string;
  address: string;
  kraPin: string | null;
  logo: string | null;
  signature: string | null;
};
