import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { discardPicture, withPicture } from "#app/site/images/picture.server";
import type { Portrait } from "#app/site/seed/site-content";
import { PORTRAIT_MESSAGES, type PortraitInput } from "./portrait";
import { getSiteContentValue, setSiteContent } from "./site-content.server";

export type AboutPerson = { name: string; title: string; leader: boolean; portrait: Portrait | null };

/** The people /about shows, the managing director first, each with their portrait (none until one is given). */
export async function aboutPeople(executor: Executor = db()): Promise<AboutPerson[]> {
  const leadership = await getSiteContentValue(executor, "leadership");
  const team = await getSiteContentValue(executor, "team");
  const portraits = await getSiteContentValue(executor, "portraits");
  const portrait = (name: string) => (Object.hasOwn(portraits, name) ? (portraits[name] ?? null) : null);
  return [
    { name: leadership.name, title: leadership.title, leader: true, portrait: portrait(leadership.name) },
    ...team.map((member) => ({
      name: member.name,
      title: member.title,
      leader: false,
      portrait: portrait(member.name),
    })),
  ];
}

/**
 * Puts an uploaded photograph in place of a person's portrait on /about, with its audit row; the picture goes
 * through the image pipeline first. A person no longer on /about is refused and nothing is stored. The replaced
 * portrait's files are removed once the change has committed (the seed's drawings have none).
 */
export async function replacePortrait(actor: AuditActor, input: PortraitInput, file: TempFile) {
  const replaced = await withPicture(file, (picture) =>
    db().transaction(async (tx) => {
      if (!picture) throw new UploadError(PORTRAIT_MESSAGES.missing);
      const people = await aboutPeople(tx);
      if (!people.some((person) => person.name === input.person)) {
        throw new UploadError(PORTRAIT_MESSAGES.notOnAbout);
      }
      const portraits = await getSiteContentValue(tx, "portraits");
      const before = Object.hasOwn(portraits, input.person) ? (portraits[input.person] ?? null) : null;
      const portrait: Portrait = {
        imageUrl: picture.imageUrl,
        altText: input.altText,
        width: picture.imageWidth,
        height: picture.imageHeight,
        variants: picture.imageVariants,
        storageKey: picture.imageStorageKey,
      };
      await setSiteContent(tx, "portraits", { ...portraits, [input.person]: portrait }, actor.id);
      await recordAudit(tx, actor, {
        action: `Replaced portrait: ${input.person}`,
        tableName: "site_content",
        recordId: "portraits",
        oldValues: before,
        newValues: portrait,
      });
      return { before };
    }),
  );
  const old = replaced?.before;
  if (old?.storageKey) await discardPicture({ imageVariants: old.variants, imageStorageKey: old.storageKey });
}
