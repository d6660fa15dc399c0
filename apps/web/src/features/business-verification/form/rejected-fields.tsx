import type { KybSection } from '@causeway/contracts';
import { useId } from 'react';
import { useTranslation } from '../texts';
import { describeField, sectionOfRejected } from './rejected';

/**
 * "The reviewer asked you to correct: …" (Resubmitting): each field the reviewer named, by its
 * translated label, leading to its step.
 */
export function RejectedFields({ fields, onGo }: { fields: readonly string[]; onGo: (step: KybSection) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (fields.length === 0) return null;
  return (
    <section role="status" aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border border-danger bg-surface p-4">
      <p id={titleId} className="text-sm font-semibold text-fg">
        {t('kyb.rejected.title')}
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {fields.map((field) => {
          const section = sectionOfRejected(field);
          const label = describeField(field, t, (key) => i18n.exists(key));
          return (
            <li key={field}>
              {section ? (
                <button type="button" onClick={() => onGo(section)} className="text-left text-primary underline-offset-4 hover:underline">
                  {label}
                </button>
              ) : (
                <span className="text-fg">{label}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
