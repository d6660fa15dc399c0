import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { PromotionEmailSetting } from './promotion-email-setting';

const EMAIL = 'ann@example.com';

/** The section on a settings page, the server holding the person's choice (`subscribed`) until a call changes it. */
function open({ subscribed = false, url = '/en/settings', respond }: { subscribed?: boolean; url?: string; respond?: Responder } = {}) {
  let stored = subscribed;
  const fake = routedHttpClient({
    [PATHS.promotionEmailSubscription]:
      respond ??
      ((body: { subscribed?: boolean } | undefined) => {
        if (body?.subscribed !== undefined) stored = body.subscribed;
        return { subscribed: stored, email: EMAIL };
      }),
  });
  const view = renderPage(<PromotionEmailSetting />, { path: '/:lng/settings', url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

const toggle = () => screen.findByRole('switch', { name: 'Send me news and offers by email' });

describe('the promotional-email setting', () => {
  it('reads the choice without changing it: off, described with the address the emails go to', async () => {
    const { bodiesOf } = open();
    expect(screen.getByRole('heading', { level: 2, name: 'Promotional emails' })).toBeInTheDocument();
    const control = await toggle();
    expect(control).toHaveAttribute('aria-checked', 'false');
    expect(control).toHaveAccessibleDescription(
      `News about features, newly supported coins and offers, sent to ${EMAIL}. Emails about your account and orders come either way.`,
    );
    expect(bodiesOf(PATHS.promotionEmailSubscription)).toEqual([{}]);
  });

  it('by keyboard: Tab to the switch and Space turns it on in the page language, and the outcome is announced', async () => {
    const { user, bodiesOf } = open();
    const control = await toggle();
    await user.tab();
    expect(control).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    expect(bodiesOf(PATHS.promotionEmailSubscription).at(-1)).toEqual({ subscribed: true, lang: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent(
      `Subscribed: news and offers will come to ${EMAIL}. Every one of them has an unsubscribe link.`,
    );
  });

  it('turns it off again with Enter', async () => {
    const { user, bodiesOf } = open({ subscribed: true });
    const control = await toggle();
    expect(control).toHaveAttribute('aria-checked', 'true');
    control.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'false'));
    expect(bodiesOf(PATHS.promotionEmailSubscription).at(-1)).toEqual({ subscribed: false, lang: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('Unsubscribed: you will no longer receive news and offers.');
  });

  it('a change the server refuses leaves the switch as it was and says so', async () => {
    const { user, routes } = open();
    const control = await toggle();
    routes[PATHS.promotionEmailSubscription] = () => {
      throw businessError(PATHS.promotionEmailSubscription, '999999');
    };
    await user.click(control);
    expect(await screen.findByText('We could not save your choice. Please try again.')).toBeInTheDocument();
    expect(control).toHaveAttribute('aria-checked', 'false');
  });

  it('a choice that cannot be read says so, with Try again that reads it', async () => {
    let fail = true;
    const { user } = open({
      respond: () => {
        if (fail) throw businessError(PATHS.promotionEmailSubscription, '999999');
        return { subscribed: true, email: EMAIL };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your choice.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await toggle()).toHaveAttribute('aria-checked', 'true');
  });
});
