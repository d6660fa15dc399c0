import { describe, expect, it, vi } from 'vitest';
import { leaveAppFor } from './leave-app';

describe('leaveAppFor', () => {
  it('replaces the current entry: Back from the vendor page does not land on the page that sent the person there', () => {
    const location = { assign: vi.fn(), replace: vi.fn() };
    leaveAppFor('https://acs.bank.example/challenge', location);
    expect(location.replace).toHaveBeenCalledExactlyOnceWith('https://acs.bank.example/challenge');
    expect(location.assign).not.toHaveBeenCalled();
  });
});
