import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useJoinUkEmailList } from '@/lib/uk-email-list';
import { JoinUkEmailList } from '@/ui/uk-email-list/join-uk-email-list';

/**
 * join-mailing-list (no sign-in needed, no chrome): the UK notice as a page. A signed-in person
 * joins the UK mailing list here, as from the UK login notice; anyone else is sent to sign in
 * first, since the list takes the account's email.
 */
export function JoinMailingListPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const titleId = useId();
  const join = useJoinUkEmailList();
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <h1 id={titleId} className="text-xl font-semibold text-fg">
        {t('pages.joinMailingList.title')}
      </h1>
      <p className="text-sm text-muted">{t('common.ukLoginTips')}</p>
      {join.canJoin ? (
        <JoinUkEmailList join={join} />
      ) : (
        <div className="flex flex-col gap-2 rounded-xl bg-surface px-4 py-4 text-sm">
          <p className="text-fg">{t('pages.joinMailingList.signInFirst')}</p>
          <Link to={`/${lng}/login-v2`} className="self-start font-medium text-primary underline-offset-4 hover:underline">
            {t('pages.joinMailingList.signIn')}
          </Link>
        </div>
      )}
    </section>
  );
}

export default JoinMailingListPage;
