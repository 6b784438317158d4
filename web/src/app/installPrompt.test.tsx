import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { keepInstallOffer, useInstall } from './installPrompt';

function Install() {
  const install = useInstall();
  return install ? <button onClick={() => void install()}>install</button> : <p>no offer</p>;
}

describe('the install offer', () => {
  it('is kept from the start until the app uses it once', async () => {
    keepInstallOffer();
    render(<Install />);
    expect(screen.getByText('no offer')).toBeInTheDocument();

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    // The browser's own banner waits: the app offers it where it fits.
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'install' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(screen.getByText('no offer')).toBeInTheDocument();
  });
});
