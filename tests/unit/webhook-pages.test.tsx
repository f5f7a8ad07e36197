// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Index from '@/Pages/Integrations/Webhooks/Index';
import Show from '@/Pages/Integrations/Webhooks/Show';
import { ResponsiveTeamMenu, TeamDropdown } from '@/Layouts/TeamSwitcher';
import { formatDate, formatDateTime } from '@/lib/dates';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookShowProps,
  WebhooksIndexProps,
} from '@/Pages/Integrations/Webhooks/Partials/types';
import type { AuthUser } from '../../server/presenters/user-presenter';
import { eventTypeViews } from '../../server/presenters/webhook-presenter';

type Options = Record<string, unknown> & { onSuccess?: () => void; onFinish?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page (user 1 in team 7, with the team features), a router that
// records what it is asked, and useForm as local state that records its submissions and starts with
// `fake.formErrors`, as after a failed save; route() names the route and its parameters, and the
// current route is `fake.currentRoute`.
const fake = vi.hoisted(() => ({
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  calls: [] as Call[],
  formErrors: {} as Record<string, string>,
  currentRoute: '',
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  const record = (method: string) => (url: string, data?: unknown, options?: Options) =>
    fake.calls.push({ method, url, data, options });
  return {
    usePage: () => ({
      props: {
        auth: { user: { id: 1, current_team: { id: 7 } } },
        features: { hasTeamFeatures: true },
        errors: {},
      },
    }),
    router: {
      get: record('get'),
      post: record('post'),
      put: record('put'),
      delete: (url: string, options?: Options) => fake.calls.push({ method: 'delete', url, options }),
      reload: (options?: Options) => fake.calls.push({ method: 'reload', url: '', options }),
      visit: (url: string) => fake.calls.push({ method: 'visit', url }),
      on: () => () => {},
    },
    useForm: <T extends Record<string, unknown>>(initial: T | (() => T)) => {
      const [data, setAll] = useState<T>(initial);
      const [errors] = useState<Record<string, string>>(() => ({ ...fake.formErrors }));
      const submit = (method: string) => (url: string, options?: Options) =>
        fake.calls.push({ method: `form.${method}`, url, data, options });
      return {
        data,
        errors,
        hasErrors: Object.keys(errors).length > 0,
        processing: false,
        progress: null,
        recentlySuccessful: false,
        setData: (key: string | ((current: T) => T), value?: unknown) =>
          setAll((current) => (typeof key === 'function' ? key(current) : { ...current, [key]: value })),
        reset: () => setAll(initial),
        transform: () => {},
        post: submit('post'),
        put: submit('put'),
        delete: submit('delete'),
      };
    },
    Link: ({ href, children, ...props }: ComponentProps<'a'> & { href: string; preserveScroll?: boolean }) => {
      const { preserveScroll: _preserveScroll, ...rest } = props;
      return (
        <a href={href} {...rest}>
          {children}
        </a>
      );
    },
    Head: ({ title }: { title?: string; children?: ReactNode }) => <title>{title}</title>,
  };
});

vi.mock('@/hooks/use-channel', () => ({
  useChannel: (name: string | null, options: { events?: Record<string, (payload: unknown) => void> } = {}) => {
    if (name) fake.channels.set(name, options.events ?? {});
    return { whisper: () => {}, connected: true };
  },
}));

vi.mock('@/lib/route', () => {
  const route = (name?: string, params?: unknown) =>
    name === undefined
      ? {
          has: () => true,
          current: (pattern: string) =>
            new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(fake.currentRoute),
        }
      : `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`;
  return { route, optionalRoute: (name: string, params?: unknown) => route(name, params) };
});

const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

// The server's own list: labels and descriptions as the pages get them.
const eventTypes = eventTypeViews;
const allTypes = eventTypes.map((info) => info.type);

function endpoint(overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView {
  return {
    id: 3,
    url: 'https://crm.acme.test/hooks/kawan?token=abc',
    description: 'CRM sync',
    events: [...allTypes],
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    last_delivery: { state: 'delivered', response_status: 200, at: at(-2 * MINUTE) },
    recent: { delivered: 12, failed: 1, pending: 0 },
    previous_secret_until: null,
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const meta = { current_page: 1, last_page: 1, per_page: 25, total: 3, from: 1, to: 3 };

function delivery(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id: 100,
    event_id: 'evt_01HZX3M9Q',
    type: 'conversation.resolved',
    state: 'delivered',
    attempts: 1,
    max_attempts: 12,
    response_status: 200,
    error: null,
    duration_ms: 142,
    next_attempt_at: null,
    created_at: at(-10 * MINUTE),
    delivered_at: at(-10 * MINUTE),
    payload: { id: 'evt_01HZX3M9Q', type: 'conversation.resolved', data: { conversation: { id: 41 } } },
    ...overrides,
  };
}

const deliveries: WebhookDeliveryView[] = [
  delivery(),
  delivery({
    id: 101,
    event_id: 'evt_01HZX3FAIL',
    type: 'message.created',
    state: 'failed',
    attempts: 12,
    response_status: 500,
    error: 'The endpoint answered 500 Internal Server Error',
    duration_ms: 2310,
    delivered_at: null,
    payload: { id: 'evt_01HZX3FAIL', type: 'message.created', data: { text: 'Halo' } },
  }),
  delivery({
    id: 102,
    event_id: 'evt_01HZX3WAIT',
    type: 'conversation.queued',
    state: 'pending',
    attempts: 3,
    response_status: null,
    error: 'Timed out after 10 seconds',
    duration_ms: null,
    next_attempt_at: at(5 * MINUTE + 10_000),
    delivered_at: null,
    payload: { id: 'evt_01HZX3WAIT', type: 'conversation.queued' },
  }),
];

function indexProps(overrides: Partial<WebhooksIndexProps> = {}): WebhooksIndexProps {
  return { endpoints: [endpoint()], event_types: eventTypes, limits: { endpoints: 5 }, ...overrides };
}

function showProps(overrides: Partial<WebhookShowProps> = {}): WebhookShowProps {
  return {
    endpoint: endpoint(),
    event_types: eventTypes,
    deliveries: { data: deliveries, meta },
    filters: { state: 'all' },
    revealed_secret: null,
    signing: { signature_header: 'X-Kawan-Signature', event_header: 'X-Kawan-Event-Id', tolerance_seconds: 300 },
    ...overrides,
  };
}

const checkbox = (label: string, container: HTMLElement = document.body) =>
  within(container).getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  fake.calls.length = 0;
  fake.formErrors = {};
  fake.currentRoute = '';
});

afterEach(cleanup);

describe('Integrations/Webhooks/Index', () => {
  it('lists each endpoint with its link, status, events, last delivery and last 24 hours', () => {
    const failingSince = at(-3 * 24 * 60 * MINUTE);
    render(
      <Index
        {...indexProps({
          endpoints: [
            endpoint(),
            endpoint({
              id: 4,
              url: 'https://tickets.acme.test/kawan',
              description: '',
              events: ['conversation.queued', 'conversation.opened', 'conversation.rated'],
              failing_since: failingSince,
              last_delivery: { state: 'failed', response_status: 500, at: at(-60 * MINUTE) },
              recent: { delivered: 0, failed: 4, pending: 2 },
            }),
            endpoint({
              id: 5,
              url: 'https://sheet.acme.test/exec',
              enabled: false,
              disabled_reason: 'It failed every event for 3 days.',
              last_delivery: null,
              recent: { delivered: 0, failed: 0, pending: 0 },
            }),
            endpoint({ id: 6, url: 'https://old.acme.test/hook', enabled: false, description: 'Old' }),
          ],
        })}
      />,
    );

    expect(document.title).toBe('Webhooks');
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    expect(
      screen.getByText(/Kawan POSTs what happens to your conversations and contacts to your own system/),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const crm = within(list).getByRole('listitem', { name: 'https://crm.acme.test/hooks/kawan?token=abc' });
    const link = within(crm).getByRole('link', { name: 'https://crm.acme.test/hooks/kawan?token=abc' });
    expect(link.getAttribute('href')).toBe('route:integrations.webhooks.show:{"webhook":3}');
    expect(link.className).toContain('break-all');
    expect(within(crm).getByText('CRM sync')).toBeTruthy();
    expect(within(crm).getByText('Enabled').className).toContain('bg-green-50');
    expect(within(crm).getByText('All events')).toBeTruthy();
    expect(within(crm).getByText('Delivered 200 · 2 minutes ago')).toBeTruthy();
    expect(within(crm).getByText('12 delivered · 1 failed')).toBeTruthy();

    const tickets = within(list).getByRole('listitem', { name: 'https://tickets.acme.test/kawan' });
    const failing = within(tickets).getByText(`Failing since ${formatDate(failingSince)}`);
    expect(failing.className).toContain('bg-yellow-50');
    expect(failing.getAttribute('title')).toBe(formatDateTime(failingSince));
    // The labels in the page's order, whatever the order of the subscription.
    const count = within(tickets).getByText('3 events');
    expect(count.getAttribute('title')).toBe('Conversation opened, Waiting for a person, Rated');
    expect(within(tickets).getByText('Conversation opened · Waiting for a person · Rated')).toBeTruthy();
    expect(within(tickets).getByText('Failed 500 · an hour ago').className).toContain('text-red-700');
    expect(within(tickets).getByText('0 delivered · 4 failed · 2 pending')).toBeTruthy();

    const sheet = within(list).getByRole('listitem', { name: 'https://sheet.acme.test/exec' });
    const off = within(sheet).getByText('Turned off by Kawan');
    expect(off.className).toContain('bg-red-50');
    expect(off.getAttribute('title')).toBe('It failed every event for 3 days.');
    expect(within(sheet).getByText('It failed every event for 3 days.')).toBeTruthy();
    expect(within(sheet).getByText('No deliveries yet')).toBeTruthy();
    expect(within(sheet).getByText('nothing sent')).toBeTruthy();

    const old = within(list).getByRole('listitem', { name: 'https://old.acme.test/hook' });
    expect(within(old).getByText('Disabled').className).toContain('bg-gray-50');
    expect(within(old).queryByText('Turned off by Kawan')).toBeNull();
  });

  it('explains what a webhook is for when the team has none, with the form below', () => {
    render(<Index {...indexProps({ endpoints: [] })} />);

    expect(screen.getByRole('heading', { name: 'No webhooks yet' })).toBeTruthy();
    expect(screen.getByText(/A webhook keeps another system in step with your inbox/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Webhook endpoints' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Add endpoint' })).toBeTruthy();
  });

  it('checks every event to begin with; All events clears and checks them all, and is mixed between', () => {
    render(<Index {...indexProps()} />);

    const form = screen.getByRole('form', { name: 'Add endpoint' });
    const url = checkbox('Endpoint URL', form);
    expect(url.placeholder).toBe('https://example.com/kawan/webhooks');
    expect(url.type).toBe('url');
    expect(checkbox('Description', form).maxLength).toBe(200);
    const all = checkbox('All events', form);
    const boxes = eventTypes.map((info) => checkbox(info.label, form));
    expect(all.checked).toBe(true);
    expect(boxes.every((box) => box.checked)).toBe(true);
    // Each event's description describes its checkbox.
    const resolved = checkbox('Resolved', form);
    expect(document.getElementById(resolved.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Resolved by an agent, by the bot or after inactivity.',
    );

    fireEvent.click(all);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(false);
    expect(boxes.some((box) => box.checked)).toBe(false);

    fireEvent.click(resolved);
    fireEvent.click(checkbox('Conversation opened', form));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);

    fireEvent.click(all);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    expect(boxes.every((box) => box.checked)).toBe(true);

    fireEvent.click(all);
    fireEvent.click(resolved);
    fireEvent.click(checkbox('Conversation opened', form));
    fireEvent.change(url, { target: { value: 'https://crm.acme.test/hooks' } });
    fireEvent.change(checkbox('Description', form), { target: { value: 'CRM' } });
    const submit = within(form).getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    expect(fake.calls.at(-1)).toEqual({
      method: 'form.post',
      url: 'route:integrations.webhooks.store',
      // In the page's order, whatever the order of the clicks.
      data: {
        url: 'https://crm.acme.test/hooks',
        description: 'CRM',
        events: ['conversation.opened', 'conversation.resolved'],
        enabled: true,
      },
      options: { preserveScroll: 'errors' },
    });
  });

  it('shows the server’s messages beside the URL and the events', () => {
    fake.formErrors = { url: 'The URL must start with https://.', 'events.1': 'Unknown event: order.paid.' };
    render(<Index {...indexProps()} />);

    const url = checkbox('Endpoint URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('new-webhook-url-error')?.textContent).toBe('The URL must start with https://.');
    const events = screen.getByRole('group', { name: 'Events' });
    expect(events.getAttribute('aria-invalid')).toBe('true');
    expect(within(events).getByText('Unknown event: order.paid.')).toBeTruthy();
  });

  it('puts a note in the form’s place once the team has as many endpoints as it may', () => {
    render(<Index {...indexProps({ endpoints: [endpoint(), endpoint({ id: 4 })], limits: { endpoints: 2 } })} />);

    expect(screen.queryByRole('form', { name: 'Add endpoint' })).toBeNull();
    expect(screen.queryByLabelText('Endpoint URL')).toBeNull();
    expect(screen.getByTestId('webhook-limit').textContent).toBe(
      'Your team has reached its limit of 2 endpoints. Delete one it no longer uses to add another.',
    );
  });
});

describe('Integrations/Webhooks/Show', () => {
  it('shows the signing secret once with a Copy button, under a header with the way back', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Show {...showProps({ revealed_secret: { label: 'Signing secret', value: 'whsec_0123456789abcdef' } })} />);

    expect(screen.getByRole('heading', { name: 'crm.acme.test/hooks/kawan?token=abc' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All webhooks' }).getAttribute('href')).toBe(
      'route:integrations.webhooks.index',
    );
    const banner = screen.getByRole('region', { name: 'Signing secret' });
    expect(within(banner).getByText('Copy the signing secret now; it is not shown again.')).toBeTruthy();
    const value = within(banner).getByText('whsec_0123456789abcdef');
    expect(value.className).toContain('font-mono');

    await act(async () => {
      fireEvent.click(within(banner).getByRole('button', { name: 'Copy signing secret' }));
    });
    expect(writeText).toHaveBeenCalledWith('whsec_0123456789abcdef');
    expect(within(banner).getByText('Copied.')).toBeTruthy();
  });

  it('shows no secret without one, and a long URL cut short in the header', () => {
    const url = `https://crm.acme.test/${'x'.repeat(80)}`;
    render(<Show {...showProps({ endpoint: endpoint({ url }) })} />);

    expect(screen.queryByText(/Copy the signing secret now/)).toBeNull();
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toHaveLength(60);
    expect(heading.textContent?.endsWith('…')).toBe(true);
    expect(screen.getByText(url)).toBeTruthy();
  });

  it('puts the settings with the events and whether it is on, in the page’s order', () => {
    render(<Show {...showProps({ endpoint: endpoint({ events: ['conversation.rated', 'message.created'] }) })} />);

    const form = screen.getByRole('form', { name: 'Settings' });
    expect(checkbox('Endpoint URL', form).value).toBe('https://crm.acme.test/hooks/kawan?token=abc');
    expect(checkbox('Description', form).value).toBe('CRM sync');
    expect(checkbox('Message', form).checked).toBe(true);
    expect(checkbox('Resolved', form).checked).toBe(false);
    expect(checkbox('All events', form).indeterminate).toBe(true);
    const enabled = within(form).getByRole('switch', { name: 'Enabled' });
    expect(enabled.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText('Kawan turned this endpoint off.')).toBeNull();

    fireEvent.click(enabled);
    fireEvent.change(checkbox('Description', form), { target: { value: 'CRM (paused)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(fake.calls.at(-1)).toEqual({
      method: 'form.put',
      url: 'route:integrations.webhooks.update:{"webhook":3}',
      data: {
        url: 'https://crm.acme.test/hooks/kawan?token=abc',
        description: 'CRM (paused)',
        events: ['message.created', 'conversation.rated'],
        enabled: false,
      },
      options: { preserveScroll: true },
    });
  });

  it('says why Kawan turned the endpoint off, and that turning it on again clears it', () => {
    render(
      <Show
        {...showProps({
          endpoint: endpoint({ enabled: false, disabled_reason: 'It failed every event for 3 days.' }),
        })}
      />,
    );

    const overview = screen.getByRole('group', { name: 'Overview' });
    expect(within(overview).getByText('Turned off by Kawan').className).toContain('bg-red-50');
    const notice = screen.getByRole('note');
    expect(notice.className).toContain('bg-red-50');
    expect(notice.textContent).toContain('It failed every event for 3 days.');
    expect(notice.textContent).toContain('turning it on again clears this notice');
    expect(screen.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('false');
  });

  it('says how to check a signature, and rolls the secret after a confirmation', () => {
    const until = at(20 * 60 * MINUTE);
    render(<Show {...showProps({ endpoint: endpoint({ previous_secret_until: until }) })} />);

    const signing = screen.getByRole('region', { name: 'Signatures' });
    const steps = within(signing).getByRole('list', { name: 'How to verify a delivery' });
    expect(steps.textContent).toContain('X-Kawan-Signature');
    expect(steps.textContent).toContain('t=<unix time>,v1=<hex>');
    expect(steps.textContent).toContain('HMAC-SHA256 of <t>.<raw body>');
    expect(steps.textContent).toContain('more than 5 minutes old');
    expect(steps.textContent).toContain('X-Kawan-Event-Id');
    expect(within(signing).getByTestId('previous-secret').textContent).toBe(
      `The previous secret also signs until ${formatDateTime(until)}.`,
    );

    fireEvent.click(within(signing).getByRole('button', { name: 'Roll secret' }));
    expect(fake.calls).toHaveLength(0);
    const confirm = screen.getByRole('alertdialog', { name: 'Roll secret' });
    expect(confirm.textContent).toContain('keeps signing beside it for 24 hours');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:integrations.webhooks.secret.rotate:{"webhook":3}',
    });
  });

  it('says nothing of a previous secret once it no longer signs', () => {
    render(<Show {...showProps()} />);
    expect(screen.queryByTestId('previous-secret')).toBeNull();
  });

  it('lists the deliveries with their state, attempts, answer, error and payload, and resends the finished ones', () => {
    render(<Show {...showProps()} />);

    const log = screen.getByRole('region', { name: 'Delivery log' });
    const rows = within(log).getByRole('list', { name: 'Deliveries' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(3);

    const delivered = within(rows).getByRole('listitem', { name: 'conversation.resolved evt_01HZX3M9Q' });
    expect(within(delivered).getByText('Delivered').className).toContain('bg-green-50');
    expect(within(delivered).getByText('Resolved')).toBeTruthy();
    const eventId = within(delivered).getByText('evt_01HZX3M9Q');
    expect(eventId.className).toContain('font-mono');
    expect(eventId.className).toContain('text-xs');
    expect(within(delivered).getByText('attempt 1 of 12')).toBeTruthy();
    expect(within(delivered).getByText('HTTP 200 · 142 ms')).toBeTruthy();
    expect(within(delivered).getByText('10 minutes ago')).toBeTruthy();
    const payload = within(delivered).getByLabelText('Payload of evt_01HZX3M9Q');
    expect(payload.tagName).toBe('PRE');
    expect(payload.className).toContain('overflow-x-auto');
    expect(payload.textContent).toBe(JSON.stringify(deliveries[0].payload, null, 2));
    expect(payload.closest('details')?.open).toBe(false);
    expect(within(delivered).getByText('Payload').tagName).toBe('SUMMARY');

    const failed = within(rows).getByRole('listitem', { name: 'message.created evt_01HZX3FAIL' });
    expect(within(failed).getByText('Failed').className).toContain('bg-red-50');
    expect(within(failed).getByText('attempt 12 of 12')).toBeTruthy();
    expect(within(failed).getByText('HTTP 500 · 2,310 ms')).toBeTruthy();
    expect(within(failed).getByText('The endpoint answered 500 Internal Server Error').className).toContain(
      'text-red-700',
    );
    expect(within(failed).getByLabelText('Payload of evt_01HZX3FAIL').textContent).toContain('"text": "Halo"');

    const pending = within(rows).getByRole('listitem', { name: 'conversation.queued evt_01HZX3WAIT' });
    expect(within(pending).getByText('Pending').className).toContain('bg-yellow-50');
    expect(within(pending).getByText('next attempt in 5 minutes')).toBeTruthy();
    expect(within(pending).getByText('attempt 3 of 12')).toBeTruthy();
    expect(within(pending).getByText('No response')).toBeTruthy();
    expect(within(pending).getByText('Timed out after 10 seconds')).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: /Resend/ })).toBeNull();

    expect(within(rows).getAllByRole('button', { name: /^Resend/ })).toHaveLength(2);
    fireEvent.click(within(failed).getByRole('button', { name: 'Resend evt_01HZX3FAIL' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'post',
      url: 'route:integrations.webhooks.deliveries.resend:{"webhook":3,"delivery":101}',
      options: { preserveScroll: true },
    });
  });

  it('filters the log by state with ?state= and pages with the filter kept', () => {
    render(
      <Show
        {...showProps({
          filters: { state: 'failed' },
          deliveries: {
            data: [deliveries[1]],
            meta: { current_page: 2, last_page: 3, per_page: 1, total: 3, from: 2, to: 2 },
          },
        })}
      />,
    );

    const tabs = screen.getByRole('navigation', { name: 'Delivery states' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['All', 'Delivered', 'Failed', 'Pending']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'route:integrations.webhooks.show:{"webhook":3,"_query":{}}',
      'route:integrations.webhooks.show:{"webhook":3,"_query":{"state":"delivered"}}',
      'route:integrations.webhooks.show:{"webhook":3,"_query":{"state":"failed"}}',
      'route:integrations.webhooks.show:{"webhook":3,"_query":{"state":"pending"}}',
    ]);
    expect(within(tabs).getByRole('link', { name: 'Failed' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();

    const pages = screen.getByRole('navigation', { name: 'Delivery log pages' });
    expect(pages.textContent).toContain('Showing 2 to 2 of 3 deliveries');
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:integrations.webhooks.show:{"webhook":3,"_query":{"state":"failed","page":3}}',
    );
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      'route:integrations.webhooks.show:{"webhook":3,"_query":{"state":"failed"}}',
    );
  });

  it('says what to do while nothing was sent, and when a filter finds nothing', () => {
    const empty = { data: [], meta: { ...meta, total: 0, from: null, to: null } };
    const { unmount } = render(<Show {...showProps({ deliveries: empty })} />);

    const log = screen.getByRole('region', { name: 'Delivery log' });
    expect(
      within(log).getByText('Nothing sent yet. Send a test event, or wait for a conversation to change.'),
    ).toBeTruthy();
    expect(within(log).queryByRole('list', { name: 'Deliveries' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Delivery log pages' })).toBeNull();
    unmount();

    render(<Show {...showProps({ deliveries: empty, filters: { state: 'pending' } })} />);
    expect(screen.getByRole('heading', { name: 'Nothing waiting to be sent.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All deliveries' }).getAttribute('href')).toBe(
      'route:integrations.webhooks.show:{"webhook":3,"_query":{}}',
    );
  });

  it('sends a test event, and deletes the endpoint after a confirmation', () => {
    render(<Show {...showProps()} />);

    const test = screen.getByRole('button', { name: 'Send test event' });
    fireEvent.click(test);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'post',
      url: 'route:integrations.webhooks.test:{"webhook":3}',
      options: { preserveScroll: true },
    });
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => fake.calls.at(-1)?.options?.onFinish?.());
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete endpoint' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete endpoint' });
    expect(confirm.textContent).toContain('https://crm.acme.test/hooks/kawan?token=abc');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.delete',
      url: 'route:integrations.webhooks.destroy:{"webhook":3}',
    });
  });
});

describe('the Webhooks pages, live', () => {
  it('reload the log when this endpoint’s deliveries change, and the list when any does', () => {
    render(<Show {...showProps({ endpoint: endpoint({ id: 3 }) })} />);
    const showEvents = fake.channels.get('teams.7')!;
    act(() => showEvents.WebhookChanged({ team_id: 7, webhook_id: 4 }));
    expect(fake.calls.filter((call) => call.method === 'reload')).toEqual([]);
    act(() => showEvents.WebhookChanged({ team_id: 7, webhook_id: 3 }));
    expect(fake.calls.filter((call) => call.method === 'reload').map((call) => call.options?.only)).toEqual([
      ['endpoint', 'deliveries'],
    ]);
    cleanup();
    fake.calls.length = 0;

    render(<Index {...indexProps()} />);
    act(() => fake.channels.get('teams.7')!.WebhookChanged({ team_id: 7, webhook_id: 9 }));
    expect(fake.calls.filter((call) => call.method === 'reload').map((call) => call.options?.only)).toEqual([
      ['endpoints'],
    ]);
  });
});

describe('the team menu’s Webhooks link', () => {
  function user(can: { manageTeam: boolean; viewBilling: boolean }): AuthUser {
    const team = { id: 7, name: 'Acme', personal_team: false, role: 'owner' };
    return {
      id: 1,
      name: 'Rina',
      all_teams: [team],
      current_team: { ...team, can: { viewMembers: true, ...can } },
    } as unknown as AuthUser;
  }

  it('comes after Billing for those who manage the team, in the dropdown and the responsive menu', () => {
    fake.currentRoute = 'integrations.webhooks.show';
    render(<TeamDropdown user={user({ manageTeam: true, viewBilling: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage team Acme' }));
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Team Settings', 'Billing', 'Webhooks', 'Create New Team']);
    expect(screen.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe(
      'route:integrations.webhooks.index',
    );
    cleanup();

    render(<ResponsiveTeamMenu user={user({ manageTeam: true, viewBilling: true })} />);
    const webhooks = screen.getByRole('link', { name: 'Webhooks' });
    expect(webhooks.getAttribute('href')).toBe('route:integrations.webhooks.index');
    expect(webhooks.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBeNull();
  });

  it('is left out for the other roles', () => {
    render(<ResponsiveTeamMenu user={user({ manageTeam: false, viewBilling: false })} />);
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Team Members' })).toBeTruthy();
  });
});
