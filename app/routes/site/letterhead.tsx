import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { fileScreenAction, formFailure } from "#app/platform/files/upload.server";
import { redirectWithToast } from "#app/platform/toast.server";
import {
  type DocumentImageKind,
  DocumentImageSchema,
  IMAGE_MAX_BYTES,
  LETTERHEAD_MESSAGES,
} from "#app/site/index";
import { getFirmIdentity, removeDocumentImage, saveDocumentImage } from "#app/site/index.server";
import { canManageSettings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/letterhead";

export const meta: Route.MetaFunction = () => [{ title: "Logo and Signature | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canManageSettings);
  const firm = await getFirmIdentity();
  return { firm };
}

const done = (description: string) =>
  redirectWithToast("/admin/settings/letterhead", { title: "Success", description });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageSettings);
  return fileScreenAction(args.request, {
    maxBytes: IMAGE_MAX_BYTES,
    messages: LETTERHEAD_MESSAGES,
    schema: DocumentImageSchema,
    upload: (input, file) => saveDocumentImage(admin.actor, input.kind, file),
    // there are no rows here: an image is removed by its kind (the "remove" intent)
    remove: async () => null,
    done,
    intents: {
      remove: async (fields) => {
        const parsed = DocumentImageSchema.safeParse({ kind: fields.get("kind") });
        if (!parsed.success) return formFailure(LETTERHEAD_MESSAGES.deleteFailed, 400, fields);
        await removeDocumentImage(admin.actor, parsed.data.kind);
        return done(LETTERHEAD_MESSAGES.deleted);
      },
    },
  });
}

const COPY: Record<DocumentImageKind, { heading: string; use: string; none: string }> = {
  logo: {
    heading: "Logo",
    use: "Printed at the top of every invoice, receipt, credit note, sign-in sheet and NITA pack, and on certificates. A PNG with a transparent background prints best.",
    none: "No logo yet: documents show the legal name only.",
  },
  signature: {
    heading: "Signature",
    use: "The certificate signatory's signature, printed above their name on certificates. Scan it in dark ink on white paper.",
    none: "No signature yet: certificates leave the line blank for signing by hand.",
  },
};

function ImageSection({
  kind,
  current,
  failure,
}: {
  kind: DocumentImageKind;
  current: string | null;
  failure: { error?: string; values?: Record<string, string> } | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("kind") === kind;
  const copy = COPY[kind];
  const id = `letterhead-${kind}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.use}</p>
      <div className="mt-4 flex min-h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
        {current ? (
          <img src={current} alt={`The current ${kind}`} className="max-h-24 max-w-full object-contain" />
        ) : (
          <p className="text-sm text-slate-600">{copy.none}</p>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
        <FormAlert>{failure?.values?.kind === kind ? failure.error : null}</FormAlert>
        <input type="hidden" name="kind" value={kind} />
        <InputField
          label={`${copy.heading} image file`}
          name="file"
          type="file"
          required
          accept="image/png,image/jpeg,image/webp"
          hint="PNG, JPG or WebP, up to 10 MB."
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="upload" disabled={busy}>
            {busy ? "Saving..." : `Upload ${kind}`}
          </Button>
          {current ? (
            <Button
              type="submit"
              variant="outline"
              name="intent"
              value="remove"
              formNoValidate
              disabled={busy}
            >
              Remove {kind}
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export default function Letterhead({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Error");
  const { firm } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to="/admin/settings?section=company">Settings</BackLink>
      <PageHeader
        title="Logo and Signature"
        description={`The images the firm's documents carry, beside the legal name (${firm.legalName}), the address and the KRA PIN${firm.kraPin ? ` (${firm.kraPin})` : ""} from the settings. Documents already issued keep the images they were drawn with.`}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <ImageSection kind="logo" current={firm.logo} failure={actionData} />
        <ImageSection kind="signature" current={firm.signature} failure={actionData} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenError title="Logo and Signature" />;
}
