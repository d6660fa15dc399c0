import { useId } from 'react';
import { useParams } from 'react-router';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { FeatureSwitchesSection } from './config-feature-switches';
import { PairsSection } from './config-pairs';
import { ServiceModesSection } from './config-service-modes';
import { ScreenHeader } from './screen-parts';

/**
 * The Service screen (docs/rules/operator-desk.md "Service", admin only: `config:change`): each sign-in mode's
 * maintenance and UK opening, the trading pairs and their channels, and the feature switches. Every switch is
 * data the server changes and audits with its before and after; it applies from the next request.
 */
export function ConfigScreen(_props: DeskScreenProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.config.title')} intro={t('desk.config.intro')} />
      <ServiceModesSection lng={lng} />
      <PairsSection />
      <FeatureSwitchesSection lng={lng} />
    </section>
  );
}

export default ConfigScreen;
