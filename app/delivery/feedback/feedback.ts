import { z } from "zod";
import { checkbox, optionalText } from "#app/platform/forms/form-fields";

const rating = (label: string) =>
  z
    .number({ error: `Rate the ${label} from 1 to 5` })
    .int(`Rate the ${label} from 1 to 5`)
    .min(1, `Rate the ${label} from 1 to 5`)
    .max(5, `Rate the ${label} from 1 to 5`);

/** The participant's feedback form; a quote needs consent, and then a name and position to quote. */
export const FeedbackSchema = z
  .object({
    courseRating: rating("course"),
    facilitatorRating: rating("facilitator"),
    mostUseful: optionalText(2000),
    improve: optionalText(2000),
    consentToQuote: checkbox(),
    quoteName: optionalText(120),
    quotePosition: optionalText(120),
  })
  .superRefine((v, ctx) => {
    if (!v.consentToQuote) return;
    if (!v.quoteName)
      ctx.addIssue({ code: "custom", path: ["quoteName"], message: "Enter the name to quote" });
    if (!v.quotePosition)
      ctx.addIssue({ code: "custom", path: ["quotePosition"], message: "Enter your position to quote" });
    if (!v.mostUseful)
      ctx.addIssue({
        code: "custom",
        path: ["mostUseful"],
        message: "Tell us what was most useful to quote it",
      });
  });

export type FeedbackInput = z.output<typeof FeedbackSchema>;

/** The run page's one action on an answer: make it a testimonial draft. */
export const FeedbackActionSchema = z.object({
  intent: z.literal("testimonial"),
  id: z.uuid("Unknown answer."),
});
