import { Download, FileText } from "lucide-react";
import { DateText } from "#app/components/admin/date-text";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { fileScreenAction } from "#app/platform/files/upload.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { Card, CardActions, CardGrid, CardTitle } from "#app/routes/site/components/card-grid";
import { DeleteCardForm } from "#app/routes/site/components/delete-card-form";
import {
  shouldRevalidateUnlessToggle,
  UploadScreenTop,
  UploadTitleRow,
} from "#app/routes/site/components/upload-panel";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DocumentUploadSchema,
  optionLabel,
} from "#app/site/index";
import { deleteDocument, listDocuments, uploadDocument } from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatMegabytes } from "#app/utils/file-name";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = () => [{ title: "Document Management | Mafunzo Admin" }];

export const shouldRevalidate = shouldRevalidateUnlessToggle;

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  return { documents: await listDocuments() };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  return fileScreenAction(args.request, {
    maxBytes: DOCUMENT_MAX_BYTES,
    messages: DOCUMENT_MESSAGES,
    schema: DocumentUploadSchema,
    upload: (input, file) => uploadDocument(admin.actor, input, file),
    remove: (id) => deleteDocument(admin.actor, id),
    done: (message) => redirectWithToast("/admin/documents", { title: message }),
  });
}

const PANEL_ID = "upload-document";

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Error");
  const mayEdit = canEditContent(useStaff());
  const values = actionData?.values;
  return (
    <div>
      <UploadScreenTop
        canUpload={mayEdit}
        title="Document Management"
        description="Brochures, certificates, manuals, policies and forms for download."
        toggleLabel="Upload Document"
        reloadingText="Loading documents..."
        id={PANEL_ID}
        heading="Upload New Document"
        failure={actionData}
        messages={DOCUMENT_MESSAGES}
        maxBytes={DOCUMENT_MAX_BYTES}
      >
        <UploadTitleRow title={values?.title}>
          <SelectField label="Category" name="category" defaultValue={values?.category ?? "brochure"}>
            {DOCUMENT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {optionLabel(category)}
              </option>
            ))}
          </SelectField>
        </UploadTitleRow>
        <TextareaField label="Description" name="description" rows={3} defaultValue={values?.description} />
        <InputField
          label="File"
          name="file"
          type="file"
          required
          accept=".pdf,.doc,.docx,.txt,.jpg,.jpeg,.png"
          hint="PDF, DOC, DOCX, TXT, JPG or PNG, up to 20 MB."
        />
      </UploadScreenTop>
      <CardGrid
        items={loaderData.documents}
        empty="No documents uploaded yet. Upload your first document to get started."
      >
        {(doc) => (
          <Card key={doc.id}>
            <CardTitle status={doc.status} headingClassName="flex items-center gap-2">
              <FileText aria-hidden className="size-5 shrink-0 text-brand-600" />
              {doc.title}
            </CardTitle>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
              <dt className="font-medium">Category</dt>
              <dd>{optionLabel(doc.category)}</dd>
              <dt className="font-medium">File</dt>
              <dd className="break-all">{doc.fileName}</dd>
              <dt className="font-medium">Size</dt>
              <dd>{formatMegabytes(doc.fileSize)}</dd>
              <dt className="font-medium">Uploaded</dt>
              <dd>
                <DateText value={doc.createdAt} />
              </dd>
            </dl>
            {doc.description ? <p className="mt-3 text-sm text-slate-600">{doc.description}</p> : null}
            <CardActions>
              <a
                href={doc.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass("outline", "sm")}
                aria-label={`Download ${doc.title}`}
              >
                <Download aria-hidden className="size-4" />
                Download
              </a>
              {mayEdit ? (
                <DeleteCardForm
                  id={doc.id}
                  label={doc.title}
                  message="Are you sure you want to delete this document?"
                />
              ) : null}
            </CardActions>
          </Card>
        )}
      </CardGrid>
    </div>
  );
}
