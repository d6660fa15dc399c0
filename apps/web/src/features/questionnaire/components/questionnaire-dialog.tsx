import { useEffect } from 'react';
import { useTrack } from '@/lib/telemetry';
import { Modal } from '@/ui';
import { failureCodeOf, useQuestionIds } from '../questionnaire-api';
import { useTranslation } from '../texts';
import { QuestionnaireForm } from './questionnaire-form';

/** Why the dialog went: closed by the person, answered, or nothing to show (none asked, or the questions failed to load). */
export type QuestionnaireCloseReason = 'closed' | 'answered' | 'none' | 'failed';

/**
 * The questionnaire dialog (docs/rules/questionnaire.md): opens once the questions asked are known, and only if
 * there are some. A failure to load them is logged only (spec §8): no dialog. Closing it (its Close button, Escape)
 * leaves the questions for another session; a failed submit keeps it open.
 */
export function QuestionnaireDialog({ onClose }: { onClose: (reason: QuestionnaireCloseReason) => void }) {
  const { t } = useTranslation();
  const ids = useQuestionIds();
  const track = useTrack();
  const count = ids.data?.questions.length;
  useEffect(() => {
    if (ids.isError) {
      track('questionnaire.loadFailed', { message: failureCodeOf(ids.error) });
      onClose('failed');
    } else if (count === 0) onClose('none');
    // onClose is the gate's; a new one each render must not close again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids.isError, count]);
  if (!count) return null;
  return (
    <Modal
      open
      title={t('questionnaire.title')}
      description={t('questionnaire.intro')}
      onOpenChange={(open) => {
        if (!open) onClose('closed');
      }}
    >
      <QuestionnaireForm onSubmitted={() => onClose('answered')} />
    </Modal>
  );
}
