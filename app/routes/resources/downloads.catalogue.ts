import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { getSiteContent, listActiveCourses, listCourseYears } from "#app/site/index.server";
import { yearSpan } from "#app/utils/runs";

export async function loader() {
  const [courses, { contact, policies }, years] = await Promise.all([
    listActiveCourses(),
    getSiteContent(["contact", "policies"]),
    listCourseYears(),
  ]);
  const span = yearSpan(years);
  // the PDF libraries load with the first PDF asked for, not in every process (decision 0603)
  const { renderCataloguePdf } = await import("#app/site/pdf.server");
  return pdfResponse(
    await renderCataloguePdf({ courses, contact, policies, years: span }),
    span ? `mafunzo-catalogue-${span}.pdf` : "mafunzo-catalogue.pdf",
  );
}
