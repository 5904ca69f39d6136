import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";

/**
 * The add or edit form of a record that keeps its own picture (a client logo, a facilitator): one multipart
 * post that works without JavaScript; the server checks every field and answers the first problem.
 */
export function PictureRecordForm({
  heading,
  recordId,
  error,
  submitLabel,
  cancelTo,
  children,
}: {
  heading: string;
  /** set when the form edits that record */
  recordId?: string;
  error?: string;
  submitLabel: string;
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      aria-labelledby="picture-record-heading"
      className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="picture-record-heading" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {recordId ? <input type="hidden" name="id" value={recordId} /> : null}
      <FormAlert>{error}</FormAlert>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
      <div className="flex gap-2">
        <SaveButton isMine={(data) => data.get("intent") === "save"}>{submitLabel}</SaveButton>
        <Link to={cancelTo} className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** The picture's file: required when adding; when editing, an empty choice keeps the current picture. */
export function PictureFileField({ label, editing }: { label: string; editing: boolean }) {
  const formats = "JPG, PNG, WebP, AVIF, GIF or TIFF, up to 10 MB. SVG is not accepted.";
  return (
    <InputField
      label={label}
      name="file"
      type="file"
      required={!editing}
      accept="image/*"
      hint={editing ? `${formats} Leave empty to keep the current one.` : formats}
    />
  );
}

/** A field's value in the form: what a refused post sent back, else the record's saved value ("" for none). */
export function keptOrSaved(
  values: Record<string, string> | undefined,
  name: string,
  saved: string | number | null | undefined,
) {
  return values?.[name] ?? (saved === null || saved === undefined ? "" : String(saved));
}
