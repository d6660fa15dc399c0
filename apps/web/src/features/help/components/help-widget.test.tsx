import { HELP_DESK_URLS, PROMOTION_LABEL, SUGGESTED_LABEL } from '@causeway/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpApi } from '../api/help-api';
import { type DeskRoute, helpArticle, helpSection, homeRoutes, openHelpWidget } from '../help-desk-fixtures';
import { resetHelpWidgetState, setHelpOpen } from '../help-widget-store';

// The forms are another helper's: here only that each page mounts its form with the widget's api.
vi.mock('./request-form', () => ({
  SupportForm: ({ api }: { api: HelpApi }) => <p>Support form {typeof api.createRequest}</p>,
  FeedbackForm: ({ api }: { api: HelpApi }) => <p>Feedback form {typeof api.createRequest}</p>,
}));

afterEach(() => resetHelpWidgetState());

const panel = () => screen.getByRole('dialog', { name: 'Help centre' });
const inPanel = () => within(panel());

const SUGGESTED = [
  helpArticle(11, 'Buying your first crypto', { label_names: [SUGGESTED_LABEL] }),
  helpArticle(12, 'Card fees', { label_names: [SUGGESTED_LABEL] }),
];

/** Opens the widget on Home, with two suggested articles unless `routes` say otherwise. */
const openWidget = (routes: Record<string, DeskRoute> = {}, options: Parameters<typeof openHelpWidget>[1] = {}) =>
  openHelpWidget({ ...homeRoutes({ suggested: SUGGESTED }), ...routes }, options);

describe('tabs', () => {
  it('Home first; Help loads its sections when first shown; arrows move between tabs', async () => {
    const { user, callsTo } = await openWidget({ [HELP_DESK_URLS.sections('en-us')]: () => ({ sections: [helpSection(1, 'Payments')] }) });
    const home = inPanel().getByRole('tab', { name: 'Home' });
    expect(home).toHaveAttribute('aria-selected', 'true');
    expect(inPanel().getByRole('tabpanel', { name: 'Home' })).toHaveTextContent('Hi there');
    expect(callsTo(HELP_DESK_URLS.sections('en-us'))).toBe(0);

    await user.click(inPanel().getByRole('tab', { name: 'Help' }));
    expect(await inPanel().findByRole('button', { name: 'Payments' })).toBeInTheDocument();
    expect(callsTo(HELP_DESK_URLS.sections('en-us'))).toBe(1);

    inPanel().getByRole('tab', { name: 'Help' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(home).toHaveFocus();
    expect(home).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(inPanel().getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
    // Shown again: the sections are not asked for twice.
    expect(callsTo(HELP_DESK_URLS.sections('en-us'))).toBe(1);
  });

  it("asks every call in the page language's help-centre locale", async () => {
    const { callsTo } = await openWidget(homeRoutes({ suggested: SUGGESTED }, 'zh-cn'), { lng: 'zh' });
    const zhPanel = within(screen.getByRole('dialog', { name: '帮助中心' }));
    expect(zhPanel.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true');
    expect(await zhPanel.findByRole('button', { name: 'Card fees' })).toBeInTheDocument();
    expect(callsTo(HELP_DESK_URLS.articlesByLabel('zh-cn'))).toBe(2);
    expect(callsTo(HELP_DESK_URLS.articlesByLabel('en-us'))).toBe(0);
  });
});

describe('Home', () => {
  it('welcomes, lists the suggested articles, and one opens the article page', async () => {
    const { user, deskCalls } = await openWidget({
      [HELP_DESK_URLS.article('en-us', 12)]: () => ({ article: helpArticle(12, 'Card fees') }),
    });
    expect(inPanel().getByRole('heading', { name: 'Hi there' })).toBeInTheDocument();
    const suggested = within(inPanel().getByRole('region', { name: 'Suggested articles' }));
    await user.click(await suggested.findByRole('button', { name: 'Card fees' }));
    expect(await inPanel().findByRole('heading', { name: 'Card fees' })).toBeInTheDocument();
    expect(deskCalls().slice(0, 2)).toEqual([
      { url: HELP_DESK_URLS.articlesByLabel('en-us'), params: { label_names: PROMOTION_LABEL } },
      { url: HELP_DESK_URLS.articlesByLabel('en-us'), params: { label_names: SUGGESTED_LABEL } },
    ]);
  });

  it('suggested articles: empty, and a failure with Retry', async () => {
    let fail = true;
    const { user } = await openWidget({
      [HELP_DESK_URLS.articlesByLabel('en-us')]: (params) => {
        if (params?.label_names === SUGGESTED_LABEL && fail) throw new Error('desk down');
        return { articles: [] };
      },
    });
    const suggested = within(inPanel().getByRole('region', { name: 'Suggested articles' }));
    expect(await suggested.findByText('Failed to load. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(suggested.getByRole('button', { name: 'Retry' }));
    expect(await suggested.findByText('There are no articles here yet.')).toBeInTheDocument();
    // No promotions: no card at all.
    expect(inPanel().queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument();
  });
});

describe('promotion card', () => {
  const PROMOTIONS = [1, 2, 3].map((n) =>
    helpArticle(100 + n, `Promotion ${n}`, { label_names: [PROMOTION_LABEL], body: `<p>Offer ${n}</p>` }),
  );

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function openPromotions() {
    const view = await openWidget(homeRoutes({ promotions: PROMOTIONS, suggested: SUGGESTED }), {
      userOptions: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
    });
    const card = await inPanel().findByRole('region', { name: 'Promotions' });
    return { ...view, card, shown: () => within(card).getByRole('group').getAttribute('aria-label') };
  }
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('turns every 6 s, round and round', async () => {
    const { card, shown } = await openPromotions();
    expect(within(card).getByRole('button', { name: 'Promotion 1' })).toBeInTheDocument();
    expect(within(card).getByText('Offer 1')).toBeInTheDocument();
    expect(shown()).toBe('1 of 3');
    await wait(5_900);
    expect(shown()).toBe('1 of 3');
    await wait(200);
    expect(shown()).toBe('2 of 3');
    expect(within(card).getByRole('button', { name: 'Promotion 2' })).toBeInTheDocument();
    await wait(6_000);
    expect(shown()).toBe('3 of 3');
    await wait(6_000);
    expect(shown()).toBe('1 of 3');
  });

  it('holds still while hovered and turns again once the pointer leaves', async () => {
    const { card, shown } = await openPromotions();
    fireEvent.mouseEnter(card);
    await wait(20_000);
    expect(shown()).toBe('1 of 3');
    fireEvent.mouseLeave(card);
    await wait(5_900);
    expect(shown()).toBe('1 of 3');
    await wait(200);
    expect(shown()).toBe('2 of 3');
  });

  it('holds still while focus is inside; dots, Previous and Next work from the keyboard', async () => {
    const { card, shown, user } = await openPromotions();
    within(card).getByRole('button', { name: 'Next promotion' }).focus();
    await user.keyboard('{Enter}');
    expect(shown()).toBe('2 of 3');
    await wait(20_000);
    expect(shown()).toBe('2 of 3');
    within(card).getByRole('button', { name: 'Show promotion 3' }).focus();
    await user.keyboard(' ');
    expect(shown()).toBe('3 of 3');
    expect(within(card).getByRole('button', { name: 'Show promotion 3' })).toHaveAttribute('aria-current', 'true');
    within(card).getByRole('button', { name: 'Previous promotion' }).focus();
    await user.keyboard('{Enter}');
    expect(shown()).toBe('2 of 3');
    // Focus leaves: it turns again.
    act(() => inPanel().getByRole('tab', { name: 'Home' }).focus());
    await wait(6_100);
    expect(shown()).toBe('3 of 3');
  });

  it('Pause stops it until Resume; a closed panel or a page over Home stops it too', async () => {
    const { card, shown, user } = await openPromotions();
    await user.click(within(card).getByRole('button', { name: 'Pause rotation' }));
    fireEvent.mouseLeave(card);
    act(() => inPanel().getByRole('tab', { name: 'Home' }).focus());
    await wait(20_000);
    expect(shown()).toBe('1 of 3');
    await user.click(within(card).getByRole('button', { name: 'Resume rotation' }));
    fireEvent.mouseLeave(card);
    act(() => inPanel().getByRole('tab', { name: 'Home' }).focus());
    await wait(6_100);
    expect(shown()).toBe('2 of 3');

    act(() => setHelpOpen(false));
    await wait(20_000);
    act(() => setHelpOpen(true));
    expect(shown()).toBe('2 of 3');
  });

  it('opens its article', async () => {
    const { card, user, routes } = await openPromotions();
    routes[HELP_DESK_URLS.article('en-us', 101)] = () => ({ article: PROMOTIONS[0] });
    await user.click(within(card).getByRole('button', { name: 'Promotion 1' }));
    expect(await inPanel().findByRole('heading', { name: 'Promotion 1' })).toBeInTheDocument();
  });
});

describe('Get more help', () => {
  it('asks first: Cancel stays, Continue opens the help site in a new tab without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openWidget();
    await user.click(inPanel().getByRole('button', { name: 'Get more help' }));
    // The popup's dialog code loads on first use (ui/lazy-dialog-shell): it appears when it has arrived.
    const popup = await screen.findByRole('dialog', { name: 'Open the help centre?' });
    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Open the help centre?' })).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    await user.click(inPanel().getByRole('button', { name: 'Get more help' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Open the help centre?' })).getByRole('button', { name: 'Continue' }),
    );
    expect(open).toHaveBeenCalledExactlyOnceWith('/help-centre/en-us', '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog', { name: 'Open the help centre?' })).not.toBeInTheDocument();
    expect(panel()).toBeVisible();
    open.mockRestore();
  });

  it('Esc in the popup closes the popup alone', async () => {
    const { user } = await openWidget();
    await user.click(inPanel().getByRole('button', { name: 'Get more help' }));
    await screen.findByRole('dialog', { name: 'Open the help centre?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Open the help centre?' })).not.toBeInTheDocument();
    expect(panel()).toBeVisible();
  });
});
