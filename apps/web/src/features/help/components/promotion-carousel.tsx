import type { HelpArticleJson } from '@causeway/contracts';
import { type FocusEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../texts';
import { cx } from '@/ui/class-names';
import { useHelpWidget } from '../hooks/use-help-data';
import { articleExcerpt } from '../sanitize-article';
import { ChevronIcon } from './help-parts';

/** docs/rules/limits.md: the promotion card turns every 6000 ms. */
export const PROMOTION_ROTATION_MS = 6000;

const controlClass = 'flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg';

/**
 * The Home tab's rotating promotion card (docs/rules/order-states.md), after the WAI-ARIA carousel pattern: it turns
 * every 6 s while shown, and holds still while hovered, while focus is inside it, or after Pause.
 * Previous, Next and one dot per card are buttons. Nothing shows without promotions.
 */
export function PromotionCarousel({ promotions }: { promotions: readonly HelpArticleJson[] }) {
  const { t } = useTranslation();
  const { openPage, tabsVisible } = useHelpWidget();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = promotions.length;
  const current = count === 0 ? 0 : index % count;
  const rotating = tabsVisible && count > 1 && !hovered && !focused && !paused;

  // One timeout per card shown: moving by hand gives the new card its full 6 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex(current + 1), PROMOTION_ROTATION_MS);
    return () => clearTimeout(timer);
  }, [rotating, current]);

  const promotion = promotions[current];
  // Parsed once per card shown, not on every hover, focus or pause.
  const excerpt = useMemo(() => (promotion ? articleExcerpt(promotion.body) : ''), [promotion]);
  if (!promotion) return null;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('help.promotions.label')}
      className="rounded-2xl border border-line bg-surface-2 p-4"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announced when it moves by hand; silent while it turns on its own. */}
      <div aria-live={rotating ? 'off' : 'polite'}>
        <div role="group" aria-roledescription="slide" aria-label={t('help.promotions.slide', { index: current + 1, total: count })}>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">{t('help.promotions.badge')}</p>
          <h4 className="mt-1">
            <button
              type="button"
              className="rounded text-left font-semibold text-fg hover:underline"
              onClick={() => openPage({ type: 'article', id: promotion.id })}
            >
              {promotion.title}
            </button>
          </h4>
          <p className="mt-1 line-clamp-2 text-sm text-muted">{excerpt}</p>
        </div>
      </div>
      {count > 1 && (
        <div className="mt-3 flex items-center gap-1">
          <button
            type="button"
            aria-label={t('help.promotions.previous')}
            className={controlClass}
            onClick={() => setIndex(current + count - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <ul className="flex flex-1 items-center justify-center gap-1">
            {promotions.map((item, i) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-label={t('help.promotions.goTo', { index: i + 1 })}
                  aria-current={i === current || undefined}
                  onClick={() => setIndex(i)}
                  className="flex size-6 items-center justify-center rounded-full"
                >
                  <span aria-hidden="true" className={cx('size-2 rounded-full', i === current ? 'bg-primary' : 'bg-line')} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" aria-label={t('help.promotions.next')} className={controlClass} onClick={() => setIndex(current + 1)}>
            <ChevronIcon />
          </button>
          <button
            type="button"
            aria-label={t(paused ? 'help.promotions.resume' : 'help.promotions.pause')}
            className={controlClass}
            onClick={() => setPaused(!paused)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
              <path d={paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
