import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorApi } from '@/lib/authenticator-api';
import { GradientButton, Modal, Spinner, TabSwitcher } from '@/ui';

type Platform = 'Android' | 'IOS';

/** docs/rules/screens.md: Android (default) and iOS tabs, store badge, 180×180 QR image, OK. */
export function DownloadAppModal({ open, api, onClose }: { open: boolean; api: AuthenticatorApi; onClose: () => void }) {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<Platform>('Android');
  const qr = useQuery({
    queryKey: ['download-app-qr', platform],
    queryFn: () => api.downloadQr(platform),
    enabled: open,
    staleTime: Infinity,
  });
  const first = qr.data?.[0];
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('security.download.title')} width="sm">
      <div className="flex flex-col items-center gap-4 text-sm">
        <TabSwitcher
          items={[
            { value: 'Android', label: t('security.download.android') },
            { value: 'IOS', label: t('security.download.ios') },
          ]}
          value={platform}
          onValueChange={setPlatform}
          label={t('security.download.title')}
        />
        <div className="flex size-[180px] items-center justify-center">
          {first ? (
            <img
              src={decodeURIComponent(first.qrCode)}
              alt={t('security.download.qrAlt')}
              width={180}
              height={180}
              className="rounded bg-white"
            />
          ) : (
            <Spinner />
          )}
        </div>
        <p className="text-center text-muted">{t('security.download.scan')}</p>
        {first ? (
          <a href={first.url} target="_blank" rel="noreferrer" className="rounded-lg bg-fg px-4 py-2 font-medium text-bg">
            {t(platform === 'Android' ? 'security.download.badge.android' : 'security.download.badge.ios')}
          </a>
        ) : null}
        <GradientButton fullWidth onClick={onClose}>
          {t('common.ok')}
        </GradientButton>
      </div>
    </Modal>
  );
}
