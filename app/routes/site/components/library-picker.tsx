import { ImagePlus } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/field";
import type { ImageVariant } from "#app/site/tables.server";
import { GalleryCategoryOptions } from "./gallery-image-card";
import { ImageThumb } from "./image-thumb";

type Picture = {
  id: string;
  title: string;
  imageUrl: string;
  altText: string | null;
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
};

/** The library's unused pictures, each with the category it takes and a button that adds it to the gallery. */
export function LibraryPicker({ pictures }: { pictures: Picture[] }) {
  return (
    <section aria-labelledby="from-library" className="mt-10">
      <h2 id="from-library" className="text-lg font-semibold text-slate-900">
        Add from the library
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Pictures in the{" "}
        <Link to="/admin/images" className="text-brand-800 underline">
          Images
        </Link>{" "}
        library that no page uses. A picture added here goes to the end of the gallery.
      </p>
      {pictures.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Every picture in the library is in use.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {pictures.map((picture) => (
            <li
              key={picture.id}
              className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <ImageThumb image={picture} />
              <Form method="post" className="flex flex-1 flex-col gap-3 p-4">
                <h3 className="font-medium text-slate-900">{picture.title}</h3>
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="id" value={picture.id} />
                <SelectField label="Category" name="galleryCategory" defaultValue="training">
                  <GalleryCategoryOptions />
                </SelectField>
                <Button
                  type="submit"
                  variant="outline"
                  className="mt-auto"
                  aria-label={`Add ${picture.title} to the gallery`}
                >
                  <ImagePlus aria-hidden className="size-4" />
                  Add to gallery
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
