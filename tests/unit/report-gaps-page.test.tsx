// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Gaps from '@/Pages/Reports/Gaps';
import ReportTabs from '@/Pages/Reports/Partials/ReportTabs';
import type { GapProps, ReportsGapsProps } from '@/Pages/Reports/Partials/gap-format';

type Options = Record<string, unknown> & { onSuccess?: () => void; onStart?: () => void; onFinish?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as a router that records what it is asked and useForm as local state that
// records its submissions and starts with `fake.formErrors` (as after a failed save); route()
// names the route and its parameters.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  formErrors: {} as Record<string, string>,
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    usePage: () => ({ props: { auth: { user: { id: 1, current_team: { id: 7 } } }, errors: {} } }),
    router: {
      post: (url: string, data?: unknown, options?: Options) => fake.calls.push({ method: 'post', url, data, options }),
      on: () => () => {},
    },
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      const [errors] = useState<Record<string, string>>(() => ({ ...fake.formErrors }));
      return {
        data,
        errors,
        processing: false,
        setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
        post: (url: string, options?: Options) => fake.calls.push({ method: 'form.post', url, data, options }),
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

vi.mock('@/lib/route', () => {
  const route = (name?: string, params?: unknown) =>
    name === undefined
      ? { has: () => true, current: () => false }
      : `route:${name}${params === undefined || (typeof params === 'object' && Object.keys(params as object).length === 0) ? '' : `:${JSON.stringify(params)}`}`;
  return { route, optionalRoute: (name: string, params?: unknown) => route(name, params) };
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function gap(overrides: Partial<GapProps> = {}): GapProps {
  return {
    id: 11,
    title: 'Apakah ada wifi?',
    status: 'open',
    question_count: 7,
    conversation_count: 6,
    last_asked_at: minutesAgo(5),
    dismissed_at: null,
    answered_at: null,
    reasons: { fallback: 5, low_confidence: 0, handoff: 1, thumbs_down: 1 },
    examples: [
      {
        message_id: 301,
        text: 'wifi nya ada ga kak?',
        reason: 'fallback',
        asked_at: minutesAgo(5),
        conversation: { id: 41, number: 12 },
        agent_reply: null,
      },
      {
        message_id: 300,
        text: 'Apakah ada wifi?',
        reason: 'handoff',
        asked_at: minutesAgo(90),
        conversation: { id: 40, number: 11 },
        agent_reply: { text: 'Ada kak, password di struk.', at: minutesAgo(80) },
      },
    ],
    suggested_answer: 'Ada kak, password di struk.',
    knowledge_ids: [3],
    answer: null,
    retest: null,
    retested_at: null,
    ...overrides,
  };
}

function props(overrides: Partial<ReportsGapsProps> = {}): ReportsGapsProps {
  const data = [
    gap(),
    gap({
      id: 12,
      title: 'Bisa pesan lewat GoFood?',
      conversation_count: 1,
      question_count: 1,
      reasons: { fallback: 1, low_confidence: 0, handoff: 0, thumbs_down: 0 },
      examples: [
        {
          message_id: 302,
          text: 'Bisa pesan lewat GoFood?',
          reason: 'fallback',
          asked_at: minutesAgo(30),
          conversation: { id: 42, number: 13 },
          agent_reply: null,
        },
      ],
      suggested_answer: null,
      knowledge_ids: [],
    }),
  ];
  return {
    status: 'open',
    counts: { open: 2, answered: 4, dismissed: 1 },
    gaps: {
      data,
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 2, from: 1, to: 2 },
    },
    knowledges: [
      { id: 2, name: 'Menu' },
      { id: 3, name: 'FAQ' },
    ],
    can: { answer: true, dismiss: true },
    ...overrides,
  };
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.formErrors = {};
});
afterEach(cleanup);

const card = (title: string) => screen.getByRole('article', { name: title });

describe('Reports/Gaps', () => {
  it('shows the tabs, the status filter with counts and the gaps in the order given', () => {
    render(<Gaps {...props()} />);
    const tabs = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(tabs).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('route:reports.index');
    expect(
      within(tabs)
        .getByRole('link', { name: /Knowledge gaps/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(within(tabs).getByRole('link', { name: /Knowledge gaps/ }).textContent).toBe('Knowledge gaps2');
    const filter = screen.getByRole('navigation', { name: 'Gap status' });
    expect(
      within(filter)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Open 2', 'route:reports.gaps'],
      ['Answered 4', 'route:reports.gaps:{"status":"answered"}'],
      ['Dismissed 1', 'route:reports.gaps:{"status":"dismissed"}'],
    ]);
    expect(
      screen
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-labelledby') && article.querySelector('h3')?.textContent),
    ).toEqual(['Apakah ada wifi?', 'Bisa pesan lewat GoFood?']);
  });

  it('shows what a gap cost, why, how it was asked and what an agent replied', () => {
    render(<Gaps {...props()} />);
    const wifi = card('Apakah ada wifi?');
    expect(wifi.textContent).toContain('6 conversations · 7 questions · last asked 5 minutes ago');
    const reasons = within(wifi).getByRole('list', { name: 'Why they went unanswered' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fallback × 5', 'Handed over × 1', 'Thumbs down × 1']);
    expect(within(wifi).getByRole('link', { name: 'Conversation #12' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":41}',
    );
    expect(wifi.textContent).toContain('“wifi nya ada ga kak?”');
    expect(wifi.textContent).toContain('An agent repliedAda kak, password di struk.');
    expect(wifi.textContent).toContain('and 5 more questions');
  });

  it('opens the answer form filled from the gap, on the knowledge base its bot uses, and posts it', () => {
    render(<Gaps {...props()} />);
    fireEvent.click(within(card('Apakah ada wifi?')).getByRole('button', { name: 'Answer' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer this gap' });
    expect((within(dialog).getByLabelText('Knowledge base') as HTMLInputElement).value).toBe('3');
    expect(within(dialog).getByRole('option', { name: 'FAQ (the bot answers from it)' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Question') as HTMLInputElement).value).toBe('Apakah ada wifi?');
    expect((within(dialog).getByLabelText('Other ways to ask it') as HTMLInputElement).value).toBe(
      'wifi nya ada ga kak?',
    );
    expect((within(dialog).getByLabelText('Answer') as HTMLInputElement).value).toBe('Ada kak, password di struk.');
    expect(dialog.textContent).toContain("From the agent's reply in conversation #11");

    fireEvent.change(within(dialog).getByLabelText('Answer'), { target: { value: 'Ada, gratis.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and ask again' }));
    expect(fake.calls).toEqual([
      {
        method: 'form.post',
        url: 'route:reports.gaps.answer:{"gap":11}',
        data: {
          knowledge_id: '3',
          question: 'Apakah ada wifi?',
          alternatives: 'wifi nya ada ga kak?',
          answer: 'Ada, gratis.',
        },
        options: expect.objectContaining({ errorBag: 'answerGap', preserveScroll: true }),
      },
    ]);
    fake.calls[0].options!.onSuccess!();
  });

  it('shows the field errors of a refused answer', () => {
    fake.formErrors = { answer: 'The answer field is required.', knowledge_id: 'Choose a knowledge base.' };
    render(<Gaps {...props()} />);
    fireEvent.click(within(card('Bisa pesan lewat GoFood?')).getByRole('button', { name: 'Answer' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer this gap' });
    const answer = within(dialog).getByLabelText('Answer');
    const described = (answer.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toBe(
      'No agent has answered it yet: write what customers should be told. The answer field is required.',
    );
    expect(within(dialog).getByLabelText('Knowledge base').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('Choose a knowledge base.');
  });

  it('offers to create a knowledge base when the team has none', () => {
    render(<Gaps {...props({ knowledges: [] })} />);
    fireEvent.click(within(card('Apakah ada wifi?')).getByRole('button', { name: 'Answer' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer this gap' });
    expect(within(dialog).getByRole('link', { name: 'Create a knowledge base' }).getAttribute('href')).toBe(
      'route:knowledges.create',
    );
    expect(within(dialog).queryByRole('button', { name: 'Save and ask again' })).toBeNull();
  });

  it('dismisses a gap', () => {
    render(<Gaps {...props()} />);
    fireEvent.click(within(card('Apakah ada wifi?')).getByRole('button', { name: 'Dismiss' }));
    expect(fake.calls).toEqual([
      { method: 'post', url: 'route:reports.gaps.dismiss:{"gap":11}', data: {}, options: expect.anything() },
    ]);
  });

  it('shows no actions to those who may only read', () => {
    render(<Gaps {...props({ can: { answer: false, dismiss: false }, knowledges: [] })} />);
    expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('shows an answered gap with its curated answer and whether each question is answered now', () => {
    const answered = gap({
      status: 'answered',
      answered_at: minutesAgo(1),
      retested_at: minutesAgo(1),
      answer: { source_id: 9, title: 'Apakah ada wifi?', knowledge: { id: 3, name: 'FAQ' } },
      retest: [
        { question: 'wifi nya ada ga kak?', kind: 'curated', answered: true, reply: 'Ada, gratis.' },
        { question: 'password wifi?', kind: 'fallback', answered: false, reply: 'Maaf, saya belum tahu.' },
      ],
    });
    render(
      <Gaps
        {...props({
          status: 'answered',
          gaps: { data: [answered], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1, from: 1, to: 1 } },
        })}
      />,
    );
    const article = card('Apakah ada wifi?');
    expect(within(article).getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe(
      'route:knowledges.edit:{"knowledge":3}',
    );
    expect(article.textContent).toContain('1 of 2 questions answered');
    const items = within(article)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '')
      .filter((text) => /answered/i.test(text));
    expect(items).toEqual([
      'Answered now“wifi nya ada ga kak?”Ada, gratis.',
      'Still not answered“password wifi?”Maaf, saya belum tahu.',
    ]);
    expect(within(article).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(article).getByRole('button', { name: 'Answer again' })).toBeTruthy();
  });

  it('says what each empty list is for', () => {
    const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null } };
    render(<Gaps {...props({ gaps: empty })} />);
    expect(screen.getByRole('heading', { name: 'No knowledge gaps' })).toBeTruthy();
    cleanup();
    render(<Gaps {...props({ status: 'dismissed', gaps: empty })} />);
    expect(screen.getByText('A dismissed gap waits here until a customer asks it again.')).toBeTruthy();
  });

  it('pages with the status kept', () => {
    render(
      <Gaps
        {...props({
          status: 'answered',
          gaps: { ...props().gaps, meta: { current_page: 2, last_page: 3, per_page: 20, total: 45, from: 21, to: 40 } },
        })}
      />,
    );
    const pages = screen.getByRole('navigation', { name: 'Knowledge gap pages' });
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      'route:reports.gaps:{"status":"answered"}',
    );
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:reports.gaps:{"status":"answered","page":3}',
    );
  });
});

describe('ReportTabs', () => {
  it('hides the Knowledge gaps tab, and with it the bar, from those who see only their own figures', () => {
    const { container } = render(<ReportTabs current="overview" gaps={false} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<ReportTabs current="overview" />);
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Knowledge gaps' }).getAttribute('href')).toBe('route:reports.gaps');
  });
});
