import { db, type Executor } from "#app/platform/db/client.server";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { getSettings } from "#app/platform/settings/setting.server";
import { documentImageDataUrl } from "../images/document-images.server";
import { getSiteContentValue } from "./site-content.server";

/**
 * The firm as every document presents it: the legal name and KRA PIN from the settings, the address and
 * contact from the site copy (one source for the website and the documents), the uploaded logo and signature.
 */
export async function getFirmIdentity(executor: Executor = db()): Promise<FirmIdentity> {
  // one query at a time on a transaction's connection (pg warns about overlapping queries)
  const settings = await getSettings(executor);
  const contact = await getSiteContentValue(executor, "contact");
  const [logo, signature] = await Promise.all([
    documentImageDataUrl("logo"),
    documentImageDataUrl("signature"),
  ]);
  return {
    legalName: settings.finance_legal_name,
    kraPin: settings.finance_kra_pin || null,
    address: contact.address,
    phone: contact.phone,
    email: contact.email,
    logo,
    signature,
  };
}
