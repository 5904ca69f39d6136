import { Upload } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import {
  Form,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useSearchParams,
} from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { PageHeader } from "#app/components/admin/page-header";
import { toast } from "#app/components/toast";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";

/** The panel is open while the URL says `?upload`, so the toggle works with and without JavaScript. */
export function useUploadOpen() {
  const [params] = useSearchParams();
  return params.has("upload");
}

/** Opening or closing the panel changes only the query string: no need to reload the list for that. */
export function shouldRevalidateUnlessToggle({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((!formMethod || formMethod === "GET") && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function UploadToggle({ label, panelId }: { label: string; panelId: string }) {
  const open = useUploadOpen();
  return (
    <Form method="get" preventScrollReset>
      {open ? null : <input type="hidden" name="upload" value="1" />}
      <Button type="submit" aria-expanded={open} aria-controls={panelId}>
        <Upload aria-hidden className="size-4" />
        {label}
      </Button>
    </Form>
  );
}

export function usePendingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The spec's "Loading…" text, shown while this screen's list is being reloaded after a change. */
export function ListReloading({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname !== location.pathname) return null;
  return (
    <p role="status" className="mb-4 text-sm text-slate-600">
      {children}
    </p>
  );
}

type Failure = { error: string; values?: Record<string, string> } | undefined;

type UploadFormProps = {
  id: string;
  heading: string;
  failure: Failure;
  messages: { missing: string; tooLarge: string };
  maxBytes: number;
  submitLabel?: string;
  children: ReactNode;
};

/** The upload panel, there while the URL says `?upload`; each opening starts a fresh form. */
export function UploadForm(props: UploadFormProps) {
  return useUploadOpen() ? <UploadPanel {...props} /> : null;
}

/**
 * The collapsible upload form: a multipart POST that works without JavaScript; with it, an empty title or
 * file and an oversized file are caught before anything is sent. The server checks all of it again.
 */
function UploadPanel({
  id,
  heading,
  failure,
  messages,
  maxBytes,
  submitLabel = "Upload",
  children,
}: UploadFormProps) {
  const uploading = usePendingIntent("upload");
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = failure?.values?.intent === "upload" || !failure?.values ? failure?.error : undefined;

  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const title = (form.elements.namedItem("title") as HTMLInputElement | null)?.value.trim();
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    const problem = !title || !file ? messages.missing : file.size > maxBytes ? messages.tooLarge : null;
    setClientError(problem);
    if (problem) {
      event.preventDefault();
      toast.error("Error", { description: problem });
    }
  };

  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mb-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="mb-4 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={check} className="space-y-4">
        <input type="hidden" name="intent" value="upload" />
        <FormAlert>{clientError ?? serverError}</FormAlert>
        {children}
        <div className="flex gap-3">
          <Button type="submit" disabled={uploading}>
            {uploading ? "Uploading..." : submitLabel}
          </Button>
          <Button type="submit" variant="outline" form={`${id}-close`} formNoValidate>
            Cancel
          </Button>
        </div>
      </Form>
      <Form method="get" id={`${id}-close`} preventScrollReset />
    </section>
  );
}

/** The image screens' file input: the formats the server accepts (SVG is refused), under 10 MB. */
export function ImageFileField() {
  return (
    <InputField
      label="Image File"
      name="file"
      type="file"
      required
      accept="image/*"
      hint="JPG, PNG, WebP, AVIF, GIF or TIFF, up to 10 MB. SVG is not accepted."
    />
  );
}

/** The upload form's first row: the required title beside the field that files the upload (a select). */
export function UploadTitleRow({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InputField label="Title" name="title" required defaultValue={title} maxLength={200} />
      {children}
    </div>
  );
}

/**
 * The top of an upload screen: its header with the upload toggle (after any other actions), the upload
 * panel holding the form's fields, and the text shown while the list reloads.
 */
export function UploadScreenTop({
  title,
  description,
  otherActions,
  toggleLabel,
  reloadingText,
  canUpload,
  ...form
}: Omit<UploadFormProps, "submitLabel"> & {
  title: string;
  description: string;
  otherActions?: ReactNode;
  toggleLabel: string;
  reloadingText: string;
  /** Whether this account may upload: those who may only read see the list without the toggle. */
  canUpload: boolean;
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {otherActions}
            {canUpload ? <UploadToggle label={toggleLabel} panelId={form.id} /> : null}
          </>
        }
      />
      {canUpload ? <UploadForm {...form} /> : null}
      <ListReloading>{reloadingText}</ListReloading>
    </>
  );
}
