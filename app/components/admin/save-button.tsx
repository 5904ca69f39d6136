import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";

/**
 * An editor form's submit button: disabled and saying "Saving..." while a post that `isMine` recognises
 * (by the fields it sends) is in flight, so a page with several forms only marks the one that was sent.
 */
export function SaveButton({
  isMine,
  children,
}: {
  isMine: (formData: FormData) => boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && Boolean(navigation.formData && isMine(navigation.formData));
  return (
    <Button type="submit" disabled={saving}>
      {saving ? "Saving..." : children}
    </Button>
  );
}
