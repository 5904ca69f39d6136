import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { GALLERY_CATEGORIES } from "#app/site/index";
import type { ImageVariant } from "#app/site/tables.server";
import { GALLERY_CATEGORY_LABELS } from "#app/utils/gallery-categories";
import { ImageCard } from "./card-grid";
import { DeleteCardForm } from "./delete-card-form";

export type GalleryCardImage = {
  id: string;
  title: string;
  imageUrl: string;
  altText: string | null;
  description: string | null;
  galleryCategory: string | null;
  sortOrder: number;
  status: string;
  variants: ImageVariant[];
  artwork: boolean;
};

export function GalleryCategoryOptions() {
  return GALLERY_CATEGORIES.map((value) => (
    <option key={value} value={value}>
      {GALLERY_CATEGORY_LABELS[value]}
    </option>
  ));
}

/** One gallery image with everything the public gallery shows about it, editable in place by those who may. */
export function GalleryImageCard({ image, canEdit }: { image: GalleryCardImage; canEdit: boolean }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "update" &&
    navigation.formData.get("id") === image.id;
  return (
    <ImageCard image={image} titleClassName="mb-3">
      <Form method="post" noValidate>
        <fieldset disabled={!canEdit} className="min-w-0 space-y-3">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={image.id} />
          <InputField label="Title" name="title" required defaultValue={image.title} maxLength={200} />
          <SelectField
            label="Category"
            name="galleryCategory"
            defaultValue={image.galleryCategory ?? "training"}
          >
            <GalleryCategoryOptions />
          </SelectField>
          <TextareaField
            label="Description"
            name="description"
            rows={3}
            defaultValue={image.description ?? ""}
          />
          <InputField label="Alt Text" name="altText" defaultValue={image.altText ?? ""} maxLength={300} />
          <div className="grid grid-cols-2 gap-3">
            <InputField
              label="Order"
              name="sortOrder"
              type="number"
              min={0}
              max={9999}
              defaultValue={image.sortOrder}
            />
            <SelectField label="Status" name="status" defaultValue={image.status}>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </SelectField>
          </div>
          {canEdit ? (
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          ) : null}
        </fieldset>
      </Form>
      {canEdit ? <ReplaceFileForm image={image} /> : null}
      {canEdit ? (
        <DeleteCardForm
          id={image.id}
          label={image.title}
          message="Are you sure you want to delete this image?"
          className="mt-3 border-t border-slate-100 pt-3"
        />
      ) : null}
    </ImageCard>
  );
}

/** Puts a photograph in the picture's place, keeping its captions and place (seeded artwork stops being artwork). */
function ReplaceFileForm({ image }: { image: GalleryCardImage }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "replace" &&
    navigation.formData.get("id") === image.id;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="mt-3 space-y-2 border-t border-slate-100 pt-3"
      aria-label={`Replace the picture of ${image.title}`}
    >
      <input type="hidden" name="intent" value="replace" />
      <input type="hidden" name="id" value={image.id} />
      <InputField
        label={image.artwork ? "Replace with a photograph" : "Replace the picture"}
        name="file"
        type="file"
        accept="image/*"
        required
      />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {busy ? "Uploading..." : "Replace Picture"}
      </Button>
    </Form>
  );
}
