import type { SeedCourse } from "./courses";

export type CourseTerms = { feeIncludes: string[]; feeExcludes: string[]; certificate: string };

export const CERTIFICATE_OF_PARTICIPATION =
  "Certificate of participation, issued to every participant who completes the course";

/**
 * What a seeded course's fee covers, from the catalogue's terms (spec §9): county fees are facilitation only,
 * transport and accommodation are the participants'; "all costs inclusive" courses leave out only what their
 * type names (passport and visa); a residential course is held where participants stay, a non-residential one
 * leaves the stay to them. The backfill in the i38 migration states the same rules in SQL.
 */
export function seedCourseTerms(course: Pick<SeedCourse, "category" | "type">): CourseTerms {
  const type = (course.type ?? "").toLowerCase();
  const passport = type.includes("excluding passport and visa") ? ["Passport and visa"] : [];
  if (course.category === "county") {
    return {
      feeIncludes: ["Facilitation and course materials"],
      feeExcludes: ["Transport", "Accommodation"],
      certificate: CERTIFICATE_OF_PARTICIPATION,
    };
  }
  if (type.includes("all costs inclusive")) {
    return {
      feeIncludes: ["Facilitation and course materials", "Accommodation, meals and camp costs"],
      feeExcludes: passport,
      certificate: CERTIFICATE_OF_PARTICIPATION,
    };
  }
  if (type.startsWith("residential")) {
    return {
      feeIncludes: ["Facilitation and course materials", "Accommodation and meals at the venue"],
      feeExcludes: ["Transport to and from the venue"],
      certificate: CERTIFICATE_OF_PARTICIPATION,
    };
  }
  return {
    feeIncludes: ["Facilitation and course materials"],
    feeExcludes: ["Transport", "Accommodation"],
    certificate: CERTIFICATE_OF_PARTICIPATION,
  };
}
