/** Column and key names that read badly when only split into words. */
const FIELD_LABELS: Record<string, string> = {
  id: "ID",
  courseId: "Course ID",
  runId: "Course date ID",
  bookingId: "Booking ID",
  userId: "Admin ID",
  courseName: "Course",
  courseDate: "Course date",
  courseVenue: "Venue",
  courseCost: "Cost",
  courseDuration: "Duration",
  costOverride: "Cost override (KES)",
  minParticipants: "Minimum group",
  deliveryMode: "Delivery",
  durationDays: "Duration (days)",
  faithGroup: "Faith group",
  targetAudience: "Who should attend",
  cpdPoints: "CPD points",
  outline: "Outline by day",
  sortOrder: "Order",
  imageUrl: "Image",
  altText: "Alternative text",
  idNumber: "ID or passport number",
  kraPin: "KRA PIN",
  lpoNumber: "LPO number",
  specialRequirements: "Special requirements",
  createdAt: "Created",
  updatedAt: "Last changed",
  deletedAt: "Deleted",
  loginTime: "Signed in at",
  ip: "IP address",
};

/** A person's label for a stored field: "min_participants" and "minParticipants" both read "Minimum group". */
export function fieldLabel(key: string): string {
  const camel = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const known = FIELD_LABELS[camel];
  if (known) return known;
  const words = camel
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type FieldChange = { key: string; label: string; before: unknown; after: unknown; changed: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The fields of an audit entry's before and after values, changed ones first: a created record has only
 * "after", a deleted one only "before"; a value that is not an object is one field, "Value".
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const from = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const to = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const changes = keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: from[key],
    after: to[key],
    changed: JSON.stringify(from[key] ?? null) !== JSON.stringify(to[key] ?? null),
  }));
  return [...changes.filter((c) => c.changed), ...changes.filter((c) => !c.changed)];
}

/** A stored value as text: null and absent read as a dash, objects and lists as compact JSON. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
