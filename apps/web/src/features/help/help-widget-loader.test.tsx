import { HELP_DESK_URLS, HELP_TOPIC_MAX_LENGTH, type HelpArticleJson } from '@causeway/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, fakeHelpDesk, helpArticle, helpSection, homeRoutes, renderHelp } from './help-desk-fixtures';
import { HelpWidgetLoader } from './help-widget-loader';
import { getHelpWidgetState, resetHelpWidgetState } from './help-widget-store';

afterEach(() => resetHelpWidgetState());

const launcher = () => screen.getByRole('button', { name: 'Help' });
const panel = () => screen.getByRole('dialog', { name: 'Help centre' });
const helpApi = () => window.causewayHelp!;

describe('help launcher', () => {
  it('is hidden for the Roma variant, whose setters then show nothing', async () => {
    document.cookie = 'isRoma=true; path=/';
    const { deskCalls } = renderHelp();
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
    act(() => helpApi().setOpen(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deskCalls()).toEqual([]);
  });

  it('shows when isRoma is anything but true', () => {
    document.cookie = 'isRoma=false; path=/';
    renderHelp();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
    expect(launcher()).toHaveAttribute('data-status', 'idle');
  });

  it("asks the page to keep room for it while it is there, and is smaller on phones (it hid a card's expiry at 360 px)", () => {
    document.cookie = 'isRoma=false; path=/';
    const html = document.documentElement;
    const { unmount } = renderHelp();
    // theme.css: with this attribute the document keeps scroll-padding under the launcher, so focus
    // and scrollIntoView stop above it; the layouts end their page with room for it (pb-24).
    expect(html).toHaveAttribute('data-help-launcher');
    expect(launcher()).toHaveClass('size-12', 'right-3', 'bottom-3', 'sm:size-14', 'sm:right-4', 'sm:bottom-4');
    unmount();
    expect(html).not.toHaveAttribute('data-help-launcher');
  });

  it('asks for no room for the Roma variant, which has no launcher', () => {
    document.cookie = 'isRoma=true; path=/';
    renderHelp();
    expect(document.documentElement).not.toHaveAttribute('data-help-launcher');
  });

  it('goes loading (spinner) → open and ready → closed, and opens again at once', async () => {
    const promotions = deferred<{ articles: HelpArticleJson[] }>();
    const desk = fakeHelpDesk({
      [HELP_DESK_URLS.articlesByLabel('en-us')]: (params) => (params?.label_names === 'Promotion' ? promotions.promise : { articles: [] }),
    });
    const { user } = renderHelp({ desk });
    await user.click(launcher());
    // Loading: the chunk, then the first data; the launcher spins and says so.
    expect(launcher()).toHaveAttribute('data-status', 'loading');
    expect(launcher()).toHaveAttribute('aria-busy', 'true');
    expect(within(launcher()).getByRole('status')).toHaveTextContent('Loading help');
    expect(await screen.findByRole('dialog', { name: 'Help centre' })).toBeVisible();
    expect(launcher()).toHaveAttribute('aria-expanded', 'true');
    expect(launcher()).toHaveAttribute('data-status', 'loading');

    await act(async () => promotions.resolve({ articles: [helpArticle(1, 'Zero fees in May', { label_names: ['Promotion'] })] }));
    expect(await screen.findByText('Zero fees in May')).toBeInTheDocument();
    expect(launcher()).toHaveAttribute('data-status', 'ready');
    expect(launcher()).not.toHaveAttribute('aria-busy');
    expect(within(launcher()).queryByRole('status')).not.toBeInTheDocument();
    expect(launcher()).toHaveAttribute('aria-controls', panel().id);

    await user.click(launcher());
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(launcher());
    expect(panel()).toBeVisible();
    expect(launcher()).toHaveAttribute('data-status', 'ready');
  });

  it('opens from the keyboard and moves focus into the panel', async () => {
    const { user } = renderHelp();
    await user.tab();
    expect(launcher()).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Help centre' });
    expect(panel()).toHaveFocus();
  });

  it('Close hides the panel and gives focus back to the launcher', async () => {
    const { user } = renderHelp();
    await user.click(launcher());
    await screen.findByRole('dialog', { name: 'Help centre' });
    await user.click(within(panel()).getByRole('button', { name: 'Close help' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getHelpWidgetState().open).toBe(false);
    expect(launcher()).toHaveFocus();
  });

  it('Esc anywhere in the panel closes it and gives focus back to the launcher', async () => {
    const { user } = renderHelp();
    await user.click(launcher());
    await screen.findByRole('dialog', { name: 'Help centre' });
    await user.click(screen.getByRole('searchbox', { name: 'Search the help centre' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
  });

  it('closing by a setter leaves focus elsewhere on the page alone', async () => {
    const { user } = renderHelp({
      ui: (
        <>
          <input aria-label="Amount" />
          <HelpWidgetLoader />
        </>
      ),
    });
    act(() => helpApi().setOpen(true));
    await screen.findByRole('dialog', { name: 'Help centre' });
    await user.click(screen.getByRole('textbox', { name: 'Amount' }));
    act(() => helpApi().setOpen(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
  });
});

describe('window setters', () => {
  it('exist before the widget loads and queue the tab and page it opens on', async () => {
    const desk = fakeHelpDesk({
      ...homeRoutes(),
      [HELP_DESK_URLS.sections('en-us')]: () => ({ sections: [helpSection(1, 'Payments')] }),
      [HELP_DESK_URLS.article('en-us', 7)]: () => ({ article: helpArticle(7, 'How refunds work') }),
    });
    renderHelp({ desk });
    act(() => {
      helpApi().setTab('help');
      helpApi().setSecondaryPage({ type: 'article', id: 7 });
    });
    // Recorded, not shown: the panel opens only with setOpen(true).
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getHelpWidgetState()).toMatchObject({ open: false, tab: 'help', secondaryPage: { type: 'article', id: 7 } });

    act(() => helpApi().setOpen(true));
    expect(await within(await screen.findByRole('dialog')).findByRole('heading', { name: 'How refunds work' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Back' })).toHaveFocus();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Back' }));
    expect(within(panel()).getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(panel()).findByRole('button', { name: 'Payments' })).toBeInTheDocument();
  });

  it("open the support form with a topic filled in (a page's Contact support)", async () => {
    renderHelp();
    act(() => {
      helpApi().setSecondaryPage({ type: 'support', topic: '  Identity verification failed  ' });
      helpApi().setOpen(true);
    });
    const form = await within(await screen.findByRole('dialog')).findByRole('form', { name: 'Contact support' });
    expect(within(form).getByRole('textbox', { name: 'Topic (optional)' })).toHaveValue('Identity verification failed');
    expect(within(panel()).getByRole('button', { name: 'Back' })).toHaveFocus();
  });

  it('ignore a support topic that is not text or too long, and still open the form', () => {
    act(() => helpApi().setSecondaryPage({ type: 'support', topic: 42 } as never));
    expect(getHelpWidgetState().secondaryPage).toEqual({ type: 'support' });
    act(() => helpApi().setSecondaryPage({ type: 'support', topic: 'x'.repeat(HELP_TOPIC_MAX_LENGTH + 1) }));
    expect(getHelpWidgetState().secondaryPage).toEqual({ type: 'support' });
    act(() => helpApi().setSecondaryPage({ type: 'support', topic: '   ' }));
    expect(getHelpWidgetState().secondaryPage).toEqual({ type: 'support' });
  });

  it('drive the open widget: tab, pages, search, and close', async () => {
    const desk = fakeHelpDesk({
      ...homeRoutes(),
      [HELP_DESK_URLS.sections('en-us')]: () => ({ sections: [] }),
      [HELP_DESK_URLS.search]: () => ({ results: [], count: 0 }),
    });
    renderHelp({ desk });
    act(() => helpApi().setOpen(true));
    await screen.findByRole('dialog', { name: 'Help centre' });

    act(() => helpApi().setTab('help'));
    expect(within(panel()).getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
    act(() => helpApi().setTab('home'));
    expect(within(panel()).getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');

    act(() => helpApi().setSecondaryPage({ type: 'search', keyword: '  refund  ' }));
    expect(await within(panel()).findByText('No results found for "refund".')).toBeInTheDocument();
    expect(desk.deskCalls().at(-1)).toEqual({ url: HELP_DESK_URLS.search, params: { query: 'refund', locale: 'en-us' } });

    act(() => helpApi().setSecondaryPage(null));
    expect(within(panel()).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('tab', { name: 'Home' })).toBeVisible();

    act(() => helpApi().setOpen(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignore what they cannot show', () => {
    renderHelp();
    const before = getHelpWidgetState();
    act(() => {
      helpApi().setTab('elsewhere' as never);
      helpApi().setSecondaryPage({ type: 'search', keyword: '   ' });
      helpApi().setSecondaryPage({ type: 'article', id: -3 });
      helpApi().setSecondaryPage({ type: 'article', id: '7' } as never);
      helpApi().setSecondaryPage({ type: 'video' } as never);
      helpApi().setSecondaryPage('support' as never);
    });
    expect(getHelpWidgetState()).toBe(before);
  });

  it('setOpen ignores anything but a boolean: the open panel stays open', async () => {
    renderHelp();
    act(() => helpApi().setOpen(true));
    await screen.findByRole('dialog', { name: 'Help centre' });
    act(() => {
      helpApi().setOpen('false' as never);
      helpApi().setOpen(0 as never);
      helpApi().setOpen(undefined as never);
    });
    expect(getHelpWidgetState().open).toBe(true);
    expect(panel()).toBeVisible();
  });
});
