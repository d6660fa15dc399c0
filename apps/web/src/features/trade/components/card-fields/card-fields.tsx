import { forwardRef } from 'react';
import { useTranslation } from '../../texts';
import { GradientButton, Spinner } from '@/ui';
import { useCardFieldsConfig } from '../../api/trade-queries';
import type { CardFieldsHandle, CardFieldsProps } from './card-fields-types';
import { CheckoutFlow } from './checkout-flow';
import { SandboxCardFields } from './sandbox-card-fields';

/** The card fields of the processor the server names: the sandbox's page, or Checkout.com Flow's card component. */
export const CardFields = forwardRef<CardFieldsHandle, CardFieldsProps>(function CardFields(props, ref) {
  const { t } = useTranslation();
  const config = useCardFieldsConfig();
  if (config.isError) {
    return (
      <div className="flex flex-col gap-2">
        <p role="alert" className="text-sm text-danger">
          {t('trade.card.fieldsFailed')}
        </p>
        <GradientButton type="button" variant="secondary" onClick={() => void config.refetch()}>
          {t('trade.card.retryFields')}
        </GradientButton>
      </div>
    );
  }
  if (!config.data) return <Spinner label={t('trade.card.fieldsLoading')} />;
  return config.data.processor === 'checkout' ? (
    <CheckoutFlow ref={ref} {...config.data} {...props} />
  ) : (
    <SandboxCardFields ref={ref} fieldsUrl={config.data.fieldsUrl} {...props} />
  );
});
