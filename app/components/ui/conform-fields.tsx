import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/utils/cn";
import { InputField, SelectField, TextareaField } from "./field";

type Bound<Props, Schema> = Omit<Props, "id" | "name" | "defaultValue" | "errors" | "type"> & {
  meta: FieldMetadata<Schema>;
};

// Each binds a field to its conform metadata (id, name, initial value, aria wiring, errors). The key is
// conform's: when the form resets, the control remounts and shows the reset value.

export function BoundInput<Schema>({
  meta,
  type = "text",
  ...props
}: Bound<ComponentProps<typeof InputField>, Schema> & { type?: "text" | "email" | "password" | "date" }) {
  return <InputField {...props} {...getInputProps(meta, { type })} key={meta.key} errors={meta.errors} />;
}

export function BoundSelect<Schema>({ meta, ...props }: Bound<ComponentProps<typeof SelectField>, Schema>) {
  return <SelectField {...props} {...getSelectProps(meta)} key={meta.key} errors={meta.errors} />;
}

export function BoundTextarea<Schema>({
  meta,
  ...props
}: Bound<ComponentProps<typeof TextareaField>, Schema>) {
  return <TextareaField {...props} {...getTextareaProps(meta)} key={meta.key} errors={meta.errors} />;
}

export function BoundCheckbox<Schema>({
  meta,
  label,
  className,
}: {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn("flex items-center gap-2 text-sm font-medium text-slate-800", className)}>
      <input
        {...getInputProps(meta, { type: "checkbox" })}
        key={meta.key}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}
