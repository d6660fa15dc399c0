import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isFlowMode, LOGIN_ROUTE_BY_MODE } from '@/lib/mode';
import { ErrorView } from '@/ui';

/**
 * services-unavailable: shown for GAT9000001 and for 10000047 with the mode flags the HTTP
 * client passes (mode, business, independent). Offers a retry and the mode's sign-in page.
 */
export function ServicesUnavailablePage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const mode = params.get('mode');
  const business = params.get('business') === 'true';
  const independent = params.get('independent') === 'true';
  const audience = business ? 'business' : independent ? 'independent' : 'individual';
  const loginPath = LOGIN_ROUTE_BY_MODE[isFlowMode(mode) ? mode : 'individual'];
  // Back to the page that failed; someone who landed here directly goes to the start page.
  // (the router gives the first location of a session the key "default").
  const retry = () => void (location.key === 'default' ? navigate(`/${lng}`) : navigate(-1));
  return (
    <ErrorView
      title={t('pages.servicesUnavailable.title')}
      content={
        <>
          <span className="block">{t(`pages.servicesUnavailable.content.${audience}`)}</span>
          {params.get('code') ? (
            <span className="mt-2 block text-sm text-muted">{t('pages.servicesUnavailable.code', { code: params.get('code') })}</span>
          ) : null}
        </>
      }
      onRetry={retry}
      footer={
        <Link to={`/${lng}/${loginPath}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('pages.servicesUnavailable.toLogin')}
        </Link>
      }
    />
  );
}

export default ServicesUnavailablePage;
