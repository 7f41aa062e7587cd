import type { ReactNode } from "react";
import type { MessageValues } from "#app/i18n/translator";
import { useTranslation } from "#app/i18n/use-translation";
import { InfoSection } from "./info-page";
import type { TextSection } from "./terms-sections";

/**
 * The sections of a long text page (terms-sections.ts) under the namespace `prefix`, each a heading with
 * its anchor and its paragraphs or list; `extra` adds a section's own parts (figures, links) after them.
 */
export function TextSections({
  prefix,
  sections,
  values,
  extra = {},
}: {
  prefix: string;
  sections: TextSection[];
  values?: MessageValues;
  extra?: Record<string, ReactNode>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {sections.map((section) => {
        const key = `${prefix}.sections.${section.key}`;
        return (
          <InfoSection key={section.id} id={section.id} title={t(`${key}.title`)}>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{t(`${key}.${paragraph}`, values)}</p>
            ))}
            {section.list && (
              <>
                <p>{t(`${key}.intro`)}</p>
                <ul className="flex list-disc flex-col gap-2 ps-6">
                  {section.list.map((item) => (
                    <li key={item}>{t(`${key}.${item}`)}</li>
                  ))}
                </ul>
                {section.note && <p>{t(`${key}.note`)}</p>}
              </>
            )}
            {extra[section.key]}
          </InfoSection>
        );
      })}
    </>
  );
}
