import { Text, View } from "@react-pdf/renderer";
import {
  BRAND,
  BrandedPage,
  DocumentHeader,
  type FirmIdentity,
  renderPdf,
  styles,
} from "#app/platform/pdf/pdf-kit.server";
import type { CourseWithRuns } from "#app/site/catalogue/course.server";
import type { SiteContent } from "#app/site/seed/site-content";
import { CATEGORY_LABELS, CATEGORY_OPTIONS, FAITH_GROUP_LABELS } from "#app/utils/course-categories";
import { formatDuration, formatLongDate, today } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isOfferedRun, withYears } from "#app/utils/runs";

const runStyles = {
  row: {
    flexDirection: "row" as const,
    borderBottomWidth: 0.5,
    borderBottomColor: "#e2e8f0",
    paddingVertical: 3,
  },
  date: { width: "38%" },
  venue: { width: "37%" },
  cost: { width: "25%", textAlign: "right" as const },
};

function CourseEntry({ course }: { course: CourseWithRuns }) {
  // the catalogue sells what is still on offer: past and cancelled runs stay on the website only
  const runs = course.runs.filter(isOfferedRun);
  const facts = [
    formatDuration(course.durationDays),
    course.type,
    course.faithGroup ? `Category ${course.faithGroup}: ${FAITH_GROUP_LABELS[course.faithGroup]}` : null,
  ].filter(Boolean);
  return (
    <View style={{ marginBottom: 12 }} wrap={false}>
      <Text style={styles.h3}>{course.title}</Text>
      <Text style={[styles.muted, { marginBottom: 3 }]}>{facts.join(" · ")}</Text>
      {course.description && <Text style={styles.paragraph}>{course.description}</Text>}
      <View style={[runStyles.row, { borderBottomColor: BRAND }]}>
        <Text style={[runStyles.date, styles.bold]}>Dates</Text>
        <Text style={[runStyles.venue, styles.bold]}>Venue</Text>
        <Text style={[runStyles.cost, styles.bold]}>Fee per participant</Text>
      </View>
      {runs.length === 0 ? (
        <Text style={[styles.muted, { paddingVertical: 3 }]}>
          Dates on request · {formatKsh(course.cost)}
        </Text>
      ) : (
        runs.map((run) => (
          <View key={run.id} style={runStyles.row}>
            <Text style={runStyles.date}>
              {run.label ?? (run.startDate ? formatLongDate(run.startDate) : "To be announced")}
            </Text>
            <Text style={runStyles.venue}>{run.venue ?? "To be announced"}</Text>
            <Text style={runStyles.cost}>{formatKsh(run.cost)}</Text>
          </View>
        ))
      )}
    </View>
  );
}

/** The current catalogue: every active course by category, with its runs, venues and fees in KES. */
export function renderCataloguePdf({
  courses,
  contact,
  policies,
  years,
  firm,
}: {
  courses: CourseWithRuns[];
  contact: SiteContent["contact"];
  policies: SiteContent["policies"];
  /** "2026-2027": the years of the runs on offer */
  years: string | null;
  /** the letterhead: the firm's logo, legal name, address and PIN from the settings */
  firm: FirmIdentity;
}) {
  const generated = formatLongDate(today());
  const title = withYears("Training Catalogue", years);
  return renderPdf(
    `Mafunzo ${title}`,
    <BrandedPage contact={contact} firm={firm}>
      <DocumentHeader
        firm={firm}
        title={title}
        subtitle={`${courses.length} courses in Kenya, Uganda, Rwanda and Tanzania · current as of ${generated}`}
      />
      {CATEGORY_OPTIONS.map(({ value, label }) => {
        const inCategory = courses.filter((c) => c.category === value);
        if (inCategory.length === 0) return null;
        return (
          <View key={value}>
            <Text style={styles.h2} minPresenceAhead={80}>
              {label} Courses ({inCategory.length})
            </Text>
            {inCategory.map((course) => (
              <CourseEntry key={course.id} course={course} />
            ))}
          </View>
        );
      })}
      <Text style={styles.h2} minPresenceAhead={60}>
        Terms
      </Text>
      {[...policies.management, ...policies.county.slice(0, 2), policies.faith[0] ?? ""]
        .filter(Boolean)
        .map((line) => (
          <Text key={line} style={styles.paragraph}>
            • {line}
          </Text>
        ))}
      <Text style={styles.paragraph}>
        Register online at our website, by e-mail to {contact.email} or by phone on {contact.phone}. Fees are
        per participant in Kenya shillings ({CATEGORY_LABELS.county} fees cover facilitation only).
      </Text>
    </BrandedPage>,
    firm.legalName,
  );
}
