import { useEffect } from "react";
import { toast } from "sonner";

/** Shows an action's error as a toast each time a new answer arrives (the same message may repeat). */
export function useErrorToast(answer: { error?: string | null } | undefined) {
  useEffect(() => {
    if (answer?.error) toast.error(answer.error);
  }, [answer]);
}
