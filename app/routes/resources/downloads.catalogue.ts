import { listActiveCourses } from "#app/models/course.server";
import { getSiteContent } from "#app/models/site-content.server";
import { renderCataloguePdf } from "#app/services/pdf/catalogue.server";
import { pdfResponse } from "#app/services/pdf/pdf-kit.server";

export async function loader() {
  const [courses, { contact, policies }] = await Promise.all([
    listActiveCourses(),
    getSiteContent(["contact", "policies"]),
  ]);
  return pdfResponse(
    await renderCataloguePdf({ courses, contact, policies }),
    "mafunzo-catalogue-2024-2025.pdf",
  );
}
