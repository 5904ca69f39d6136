import { useEffect } from "react";
import { toast } from "#app/components/toast";

/**
 * Shows an action's error as a toast each time a new answer arrives (the same message may repeat). With a
 * title, the error is the toast's description under that title (the file screens' "Error", spec §8).
 */
export function useErrorToast(answer: { error?: string | null } | undefined, title?: string) {
  useEffect(() => {
    if (!answer?.error) return;
    if (title) toast.error(title, { description: answer.error });
    else toast.error(answer.error);
  }, [answer, title]);
}
