import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { telemetryOf } from '@/lib/telemetry';
import { amountInput, formShown, openTrade } from '../trade-test-kit';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
});

describe('trade form analytics (lib/telemetry.ts)', () => {
  it('queues trade.continue with the way to pay and whether the quote was ready, and sends it through the app client', async () => {
    const { user, client, bodiesOf } = openTrade({ routes: { [PATHS.traceLog]: () => null } });
    const telemetry = telemetryOf(client);
    dispose = telemetry.dispose;
    await formShown();
    await user.type(amountInput(), '100');
    await within(screen.getByRole('region', { name: 'Your quote' })).findByText('100.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await telemetry.flush();
    const events = (bodiesOf(PATHS.traceLog) as Array<{ events: unknown[] }>).flatMap((batch) => batch.events);
    expect(events).toEqual([expect.objectContaining({ elementId: 'trade.continue', subElementId: 'CARD', message: 'quote ready' })]);
  });
});
