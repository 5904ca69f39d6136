import { listActiveCourses, listCourseYears } from "#app/models/course.server";
import { getSiteContent } from "#app/models/site-content.server";
import { renderCataloguePdf } from "#app/services/pdf/catalogue.server";
import { pdfResponse } from "#app/services/pdf/pdf-kit.server";
import { yearSpan } from "#app/utils/runs";

export async function loader() {
  const [courses, { contact, policies }, years] = await Promise.all([
    listActiveCourses(),
    getSiteContent(["contact", "policies"]),
    listCourseYears(),
  ]);
  const span = yearSpan(years);
  return pdfResponse(
    await renderCataloguePdf({ courses, contact, policies, years: span }),
    span ? `mafunzo-catalogue-${span}.pdf` : "mafunzo-catalogue.pdf",
  );
}
