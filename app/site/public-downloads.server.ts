import { boundedHeavyWork, HeavyWorkBusy, heavyWorkBusyResponse } from "#app/platform/jobs/heavy-work.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { renderOffThread } from "#app/platform/pdf/render-pool.server";
import { listActiveCoursesWithoutSeats, listCourseYears } from "#app/site/catalogue/course.server";
import { getFirmIdentity } from "#app/site/content/firm-identity.server";
import { getSiteContent } from "#app/site/content/site-content.server";
import { yearSpan } from "#app/utils/runs";
import { cachedPublic } from "./public-cache.server";
import { publicSiteContent } from "./public-data.server";

/*
 * The public downloads made from the database (the catalogue, and the brochure and registration form when no
 * file was uploaded), rendered once per public data version and day and shared by every request until the data
 * changes (decision 0650), like the pages' data. Requests that arrive during the render wait for that render.
 * A render that cannot start because the PDF bound is reached (the cache off, or several documents at once)
 * throws HeavyWorkBusy: the visitor is anonymous and gets a 503, never a place in a queue.
 * Each is drawn on the firm's letterhead (logo, legal name, address, KRA PIN): the settings and site copy it
 * reads move the public data version, and so does a new logo (markPublicDataChanged), so a change of either
 * is printed by the next download.
 */

export type PublicDownload = { bytes: Uint8Array; filename: string };

// the PDF libraries load with the first PDF asked for, not in every process (decision 0603), on a render
// thread when the server runs the pool (decision 0653)
const pdfs = () => import("#app/site/pdf.server");

const render = (make: () => Promise<PublicDownload>) => boundedHeavyWork("pdf", make, { waitTurn: false });

export const publicCataloguePdf = () =>
  cachedPublic<PublicDownload>("download:catalogue", () =>
    render(async () => {
      // the catalogue prints runs, dates and fees, never free seats: a booking (seats) does not make it stale
      const [courses, { contact, policies }, years, firm] = await Promise.all([
        listActiveCoursesWithoutSeats(),
        getSiteContent(["contact", "policies"]),
        listCourseYears(),
        getFirmIdentity(),
      ]);
      const span = yearSpan(years);
      return {
        bytes: await renderOffThread("site", pdfs, "renderCataloguePdf", {
          courses,
          contact,
          policies,
          years: span,
          firm,
        }),
        filename: span ? `mafunzo-catalogue-${span}.pdf` : "mafunzo-catalogue.pdf",
      };
    }),
  );

export const publicRegistrationFormPdf = () =>
  cachedPublic<PublicDownload>("download:registration-form", () =>
    render(async () => {
      const [content, firm] = await Promise.all([getSiteContent(["contact", "payment"]), getFirmIdentity()]);
      return {
        bytes: await renderOffThread("site", pdfs, "renderRegistrationFormPdf", content, firm),
        filename: "mafunzo-registration-form.pdf",
      };
    }),
  );

export const publicBrochurePdf = () =>
  cachedPublic<PublicDownload>("download:brochure", () =>
    render(async () => {
      const [content, firm] = await Promise.all([
        publicSiteContent(["about", "departments", "offices", "contact", "stats", "leadership"]),
        getFirmIdentity(),
      ]);
      return {
        bytes: await renderOffThread("site", pdfs, "renderBrochurePdf", content, firm),
        filename: "mafunzo-company-brochure.pdf",
      };
    }),
  );

/** The download as an HTTP answer, or 503 with Retry-After when the PDF bound refused its render. */
export async function publicDownloadResponse(download: () => Promise<PublicDownload>) {
  try {
    const { bytes, filename } = await download();
    return pdfResponse(bytes, filename);
  } catch (error) {
    if (error instanceof HeavyWorkBusy) return heavyWorkBusyResponse(error);
    throw error;
  }
}
