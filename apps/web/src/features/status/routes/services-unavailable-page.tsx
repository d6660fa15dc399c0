import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorView, GradientButton } from '@/ui';

const LOGIN_BY_MODE: Record<string, string> = {
  individual: 'login-v2',
  independent: 'login-independent',
  business: 'business-login',
  businessIndependent: 'business-login-independent',
};

/**
 * services-unavailable: shown for GAT9000001 and for 10000047 with the mode flags the HTTP
 * client passes (mode, business, independent). Offers a retry and the mode's sign-in page.
 */
export function ServicesUnavailablePage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  const [params] = useSearchParams();
  const mode = params.get('mode') ?? 'individual';
  const business = params.get('business') === 'true';
  const independent = params.get('independent') === 'true';
  const audience = business ? 'business' : independent ? 'independent' : 'individual';
  const loginPath = LOGIN_BY_MODE[mode] ?? LOGIN_BY_MODE.individual;
  return (
    <ErrorView
      title={t('pages.servicesUnavailable.title')}
      content={
        <>
          <span className="block">{t(`pages.servicesUnavailable.content.${audience}`)}</span>
          {params.get('code') ? <span className="mt-2 block text-sm text-muted">{t('pages.servicesUnavailable.code', { code: params.get('code') })}</span> : null}
        </>
      }
      footer={
        <div className="flex w-full flex-col gap-3">
          <GradientButton fullWidth onClick={() => window.history.back()}>{t('pages.servicesUnavailable.retry')}</GradientButton>
          <Link to={`/${lng}/${loginPath}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('pages.servicesUnavailable.toLogin')}
          </Link>
        </div>
      }
    />
  );
}

export default ServicesUnavailablePage;
