import { useTranslation } from 'react-i18next';
import { useJoinUkEmailList } from '@/lib/uk-email-list';
import { GradientButton, Modal } from '@/ui';
import { JoinUkEmailList } from '@/ui/uk-email-list/join-uk-email-list';
import { currentMode } from './current-mode';

/**
 * The notice itself; its own chunk, since few people ever see it. The person may join the UK mailing
 * list from here: with the refused sign-in's ticket, or signed in; OK closes it either way.
 */
export default function UkLoginDialog({ ticket = null, onClose }: { ticket?: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The session the HTTP client would send: on a sign-in page, that page's mode.
  const join = useJoinUkEmailList(currentMode(), ticket);
  // "Join the list" is the main action until it is done; then OK is.
  const okIsMain = !join.canJoin || join.state.status === 'joined';
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('common.ukLoginTitle')}
      description={t('common.ukLoginTips')}
      width="md"
    >
      <div className="flex flex-col gap-3">
        {join.canJoin && <JoinUkEmailList join={join} />}
        <GradientButton fullWidth variant={okIsMain ? 'primary' : 'outline'} onClick={onClose}>
          {t('common.ok')}
        </GradientButton>
      </div>
    </Modal>
  );
}
