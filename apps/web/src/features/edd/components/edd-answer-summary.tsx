import type { EddOption, EddPartAnswer } from '@causeway/contracts';
import { useTranslation } from '../texts';

/** A part as the person committed it: the choice (in the page's language), the text and the files' names. */
export function EddAnswerSummary({ answer, options }: { answer: EddPartAnswer; options: EddOption[] }) {
  const { t } = useTranslation();
  const label = options.find((option) => option.value === answer.choice)?.label ?? answer.choice;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium text-muted">{t('edd.answer.choice')}</dt>
      <dd className="text-fg">{label}</dd>
      <dt className="font-medium text-muted">{t('edd.answer.text')}</dt>
      <dd className="break-words whitespace-pre-line text-fg">{answer.text}</dd>
      <dt className="font-medium text-muted">{t('edd.answer.files')}</dt>
      <dd className="min-w-0 text-fg">
        <ul className="flex flex-col">
          {answer.files.map((file) => (
            <li key={file.filePath} className="truncate" title={file.fileName}>
              {file.fileName}
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}
