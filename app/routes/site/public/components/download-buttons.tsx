import { Icon } from "#app/components/icons/icon";
import { CATALOGUE_PDF, REGISTRATION_FORM_PDF } from "#app/components/layout/nav-links";
import { buttonStyles } from "#app/components/public/page-sections";

export function CatalogueDownloads({
  catalogueLabel = "Download Full Catalogue",
}: {
  catalogueLabel?: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <a href={CATALOGUE_PDF} download className={buttonStyles.solid}>
        <Icon name="download" className="size-4" /> {catalogueLabel}
      </a>
      <a href={REGISTRATION_FORM_PDF} download className={buttonStyles.outline}>
        <Icon name="file-text" className="size-4" /> Download Registration Form
      </a>
    </div>
  );
}
