import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorView } from '@/ui';

/** Any path no route matches. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  return (
    <ErrorView
      title={t('pages.notFound.title')}
      content={t('pages.notFound.content')}
      footer={
        <Link to={`/${lng ?? 'en'}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.notFound.home')}
        </Link>
      }
    />
  );
}

export default NotFoundPage;
