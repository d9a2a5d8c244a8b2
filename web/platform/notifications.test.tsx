import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from './config';
import { addNotification, dismissNotification, notificationStore, UserNotifications } from './notifications';
import { bodyOf, testPageConfig } from './testing';

interface TemplateArgs {
  component: string;
  template: string;
}

const pageConfig = (overrides: Partial<ClientConfig> = {}) => testPageConfig({ user: null, ...overrides });

/** Every notification template renders as a div naming the template, with a dismiss button. */
function stubServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const answer = bodyOf(init).map((item) => {
      if (item.methodname === 'core_output_load_template') {
        const { component, template } = item.args as TemplateArgs;
        return { error: false, data: `<div class="tpl" data-template="${component}/${template}">{{message}}<button type="button" data-action="dismiss">x</button></div>` };
      }
      if (item.methodname === 'core_fetch_notifications') return { error: false, data: [] };
      return { error: false, data: [] };
    });
    return Promise.resolve(new Response(JSON.stringify(answer)));
  });
}

beforeEach(() => {
  localStorage.clear();
  window.M = { cfg: pageConfig() };
  notificationStore.set([]);
});

afterEach(() => {
  cleanup();
  notificationStore.set([]);
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.M;
});

describe('addNotification', () => {
  it.each(['', '   ', '\n\t'])('skips the message %j', async (message) => {
    const fetchSpy = stubServer();
    await addNotification({ message, type: 'info' });
    expect(notificationStore.get()).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders the message through its type template and adds it to the store', async () => {
    stubServer();
    await addNotification({ message: 'Saved <b>ok</b>', type: 'info' });
    const shown = notificationStore.get();
    expect(shown).toHaveLength(1);
    expect(shown[0]?.type).toBe('info');
    expect(shown[0]?.id).toMatch(/^notification[a-z0-9]{20}$/);
    expect(shown[0]?.html).toContain('data-template="core/notification_info"');
    expect(shown[0]?.html).toContain('Saved &lt;b&gt;ok&lt;&#x2F;b&gt;');
  });

  it('shows an unknown type with core/notification_error', async () => {
    stubServer();
    await addNotification({ message: 'Odd', type: 'bogus' });
    expect(notificationStore.get()[0]?.type).toBe('error');
    expect(notificationStore.get()[0]?.html).toContain('data-template="core/notification_error"');
  });

  it('puts the newest notification first', async () => {
    stubServer();
    await addNotification({ message: 'first', type: 'warning' });
    await addNotification({ message: 'second', type: 'warning' });
    expect(notificationStore.get().map((n) => n.html.includes('second'))).toEqual([true, false]);
  });

  it('falls back to an escaped plain alert when the template fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify([{ error: true, exception: { message: 'gone', errorcode: 'templatenotfound' } }]))),
    );
    await addNotification({ message: '<img src=x onerror=alert(1)>', type: 'warning', template: 'core/not_there' });
    const html = notificationStore.get()[0]?.html ?? '';
    expect(html).toContain('alert-warning');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });

  it('dismissNotification removes only that notification', () => {
    notificationStore.set([
      { id: 'a', html: 'A', type: 'info' },
      { id: 'b', html: 'B', type: 'info' },
    ]);
    dismissNotification('a');
    expect(notificationStore.get()).toEqual([{ id: 'b', html: 'B', type: 'info' }]);
  });
});

describe('UserNotifications', () => {
  it('is a polite live region', () => {
    stubServer();
    const { container } = render(<UserNotifications />);
    const region = container.querySelector('#user-notifications');
    expect(region?.getAttribute('aria-live')).toBe('polite');
  });

  it('shows notifications and removes one when its dismiss button is clicked', async () => {
    stubServer();
    render(<UserNotifications />);
    await act(async () => {
      await addNotification({ message: 'Keep me', type: 'info' });
      await addNotification({ message: 'Close me', type: 'warning' });
    });
    expect(await screen.findByText('Close me')).toBeTruthy();
    expect(screen.getByText('Keep me')).toBeTruthy();

    const target = screen.getByText('Close me').closest('[data-notification-id]');
    const button = target?.querySelector('[data-action="dismiss"]');
    expect(button).toBeTruthy();
    if (button) fireEvent.click(button);

    expect(screen.queryByText('Close me')).toBeNull();
    expect(screen.getByText('Keep me')).toBeTruthy();
    expect(notificationStore.get()).toHaveLength(1);
  });

  it('ignores clicks that are not on a dismiss button', async () => {
    stubServer();
    render(<UserNotifications />);
    await act(async () => {
      await addNotification({ message: 'Stay', type: 'info' });
    });
    fireEvent.click(await screen.findByText('Stay'));
    expect(screen.getByText('Stay')).toBeTruthy();
  });
});
