import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { LoadError, PageHeader } from "#app/components/admin/page-header";
import { SaveButton } from "#app/components/admin/save-button";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { InputField } from "#app/components/ui/field";
import { pictureFormAction } from "#app/platform/files/upload.server";
import { loadOrReport } from "#app/platform/forms/admin-result.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { ImageThumb } from "#app/routes/site/components/image-thumb";
import { PictureFileField } from "#app/routes/site/components/picture-record-form";
import { IMAGE_MAX_BYTES, isDrawnPortrait, PORTRAIT_MESSAGES, PortraitSchema } from "#app/site/index";
import { aboutPeople, replacePortrait } from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/portraits";

export const meta: Route.MetaFunction = () => [{ title: "Portraits | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const { value, error } = await loadOrReport("Failed to fetch the portraits", () => aboutPeople(), []);
  return { people: value, error };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  return pictureFormAction(args.request, {
    maxBytes: IMAGE_MAX_BYTES,
    messages: PORTRAIT_MESSAGES,
    schema: PortraitSchema,
    save: (input, file) => replacePortrait(admin.actor, input, file),
    done: () =>
      redirectWithToast("/admin/content/portraits", {
        title: "Success",
        description: PORTRAIT_MESSAGES.replaced,
      }),
  });
}

export default function Portraits({ loaderData, actionData }: Route.ComponentProps) {
  const { people, error } = loaderData;
  useErrorToast(actionData, "Error");
  const mayEdit = canEditContent(useStaff());
  const refusedFor = actionData?.values?.person;
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Portraits"
        description="The managing director's and the team's pictures on the About page. Names, titles and the quote are changed in Content Management; a photograph uploaded here replaces the picture at once."
        actions={
          <Link
            to="/admin/content#content-leadership"
            className="text-sm font-medium text-brand-700 underline"
          >
            Managing director's name and quote
          </Link>
        }
      />
      <LoadError error={error} />
      <ul className="grid gap-6 md:grid-cols-2">
        {people.map((person) => {
          const drawn = person.portrait ? isDrawnPortrait(person.portrait.imageUrl) : false;
          const refused = refusedFor === person.name ? actionData : undefined;
          return (
            <li
              key={person.name}
              className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
              data-testid="portrait-card"
            >
              {person.portrait ? (
                <ImageThumb image={{ ...person.portrait, title: person.name }} />
              ) : (
                <p className="rounded-t-xl bg-slate-100 p-6 text-sm text-slate-700">
                  No portrait: the About page shows the name alone.
                </p>
              )}
              <div className="space-y-3 p-5">
                <h2 className="text-lg font-semibold text-slate-900">{person.name}</h2>
                <p className="text-sm text-slate-700">
                  {person.title}
                  {person.leader ? " · quoted on the About page" : null}
                </p>
                {drawn ? (
                  <p className="text-sm text-slate-700">
                    <Badge tone="violet">Sample drawing</Badge> Not a photograph: upload one to replace it.
                  </p>
                ) : null}
                {mayEdit ? (
                  <Form
                    method="post"
                    encType="multipart/form-data"
                    aria-label={`Replace the portrait of ${person.name}`}
                    className="space-y-3"
                  >
                    <input type="hidden" name="person" value={person.name} />
                    <FormAlert>{refused?.error}</FormAlert>
                    <InputField
                      label="Alt text"
                      name="altText"
                      required
                      maxLength={300}
                      hint="What the photograph shows, for people who cannot see it."
                      defaultValue={
                        refused?.values?.altText ??
                        (person.portrait && !drawn ? person.portrait.altText : `Portrait of ${person.name}`)
                      }
                    />
                    <PictureFileField label="Photograph" editing={false} />
                    <SaveButton isMine={(data) => data.get("person") === person.name}>
                      Replace portrait
                    </SaveButton>
                  </Form>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
