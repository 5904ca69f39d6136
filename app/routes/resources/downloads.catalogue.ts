import { listActiveCourses, listCourseYears } from "#app/models/course.server";
import { getSiteContent } from "#app/models/site-content.server";
import { pdfResponse } from "#app/services/pdf/pdf-response.server";
import { yearSpan } from "#app/utils/runs";

export async function loader() {
  const [courses, { contact, policies }, years] = await Promise.all([
    listActiveCourses(),
    getSiteContent(["contact", "policies"]),
    listCourseYears(),
  ]);
  const span = yearSpan(years);
  // the PDF libraries load with the first PDF asked for, not in every process (decision 0603)
  const { renderCataloguePdf } = await import("#app/services/pdf/catalogue.server");
  return pdfResponse(
    await renderCataloguePdf({ courses, contact, policies, years: span }),
    span ? `mafunzo-catalogue-${span}.pdf` : "mafunzo-catalogue.pdf",
  );
}
