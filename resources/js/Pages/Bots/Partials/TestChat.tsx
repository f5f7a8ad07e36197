import { useEffect, useRef, useState, type FormEvent } from 'react';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextInput from '@/Components/TextInput';
import { AnswerBubble, BotBubble, UserBubble } from './ChatMessage';
import type { BotConfig, BotSummary } from './types';
import { useTestChat } from './use-test-chat';
import ContactFieldInputs, { type ContactFieldShape } from '../../Contacts/Partials/ContactFieldInputs';

type TestChatProps = {
  bot: BotSummary;
  config: BotConfig;
  testQuestions: string[];
  /** The team's contact fields bots may tell a customer: the chat may speak as a customer with values of them. */
  customerFields?: ContactFieldShape[];
  /** The signed-in user, whose private channel the reply streams on. */
  userId: number | null;
  /** After each answer (the recent questions may reload). */
  onAnswered?: () => void;
};

function Chip({ children, onClick, disabled }: { children: string; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="max-w-full cursor-pointer truncate rounded-full border border-indigo-200 bg-white px-3 py-1 text-start text-xs font-medium text-indigo-700 transition hover:bg-indigo-50 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden disabled:cursor-not-allowed disabled:opacity-50"
      title={children}
    >
      {children}
    </button>
  );
}

/**
 * The test chat: a conversation with the bot's draft as customers would have it (the welcome
 * message, the suggested questions), the reply streaming in as it is written, then its citations,
 * kind, feedback and "How this answer was made". "Start over" begins a new thread.
 */
export default function TestChat({
  bot,
  config,
  testQuestions,
  customerFields = [],
  userId,
  onAnswered,
}: TestChatProps) {
  const { entries, sending, send, startOver, updateTurn } = useTestChat(bot.id, userId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Test as a customer: the values of the fields bots may tell, sent with each message.
  const [customer, setCustomer] = useState<Record<string, string>>(() =>
    Object.fromEntries(customerFields.map((field) => [field.key, ''])),
  );
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = log.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [entries]);

  const ask = async (text: string) => {
    const question = text.trim();
    if (!question) {
      setError('Type a message first.');
      return;
    }
    setError(null);
    setMessage('');
    const failure = await send(question, customer);
    if (failure) {
      setError(failure);
      setMessage((current) => (current === '' ? question : current));
    } else {
      onAnswered?.();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sending) void ask(message);
  };

  const suggested = entries.length === 0 ? config.suggestedQuestions : [];

  return (
    <section
      aria-labelledby="test-chat-title"
      className="flex flex-col overflow-hidden bg-white shadow-sm sm:rounded-lg"
    >
      <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id="test-chat-title" className="text-lg font-medium text-gray-900">
            Test chat
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            Talk to the draft as a customer would. Replies here reach nobody.
          </p>
        </div>
        <SecondaryButton className="shrink-0" onClick={startOver} disabled={entries.length === 0 && !sending}>
          Start over
        </SecondaryButton>
      </div>

      <ol
        ref={log}
        aria-label="Conversation"
        className="max-h-[36rem] min-h-64 space-y-4 overflow-y-auto px-4 py-5 sm:px-6"
      >
        {config.welcomeMessage && <BotBubble bot={bot} text={config.welcomeMessage} />}
        {suggested.length > 0 && (
          <li className="ps-10" aria-label="Suggested questions">
            <div className="flex flex-wrap gap-2">
              {suggested.map((question) => (
                <Chip key={question} onClick={() => void ask(question)} disabled={sending}>
                  {question}
                </Chip>
              ))}
            </div>
          </li>
        )}
        {entries.map((entry) =>
          entry.role === 'user' ? (
            <UserBubble key={entry.id} text={entry.text} />
          ) : entry.turn ? (
            <AnswerBubble key={entry.id} bot={bot} turn={entry.turn} onTurnChange={updateTurn} />
          ) : (
            <BotBubble key={entry.id} bot={bot} text={entry.text} pending={entry.status === 'pending'} />
          ),
        )}
      </ol>
      <p className="sr-only" role="status">
        {sending ? `${bot.name} is answering…` : ''}
      </p>

      <form
        onSubmit={submit}
        className="border-t border-gray-200 bg-gray-50 px-4 py-4 sm:px-6"
        aria-label="Message the bot"
      >
        <label htmlFor="test-chat-message" className="sr-only">
          Message
        </label>
        <div className="flex gap-2">
          <TextInput
            id="test-chat-message"
            className="block w-full min-w-0 flex-1"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Ask something…"
            maxLength={4000}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby="test-chat-error"
          />
          <PrimaryButton className={sending ? 'opacity-25' : undefined} disabled={sending}>
            Send
          </PrimaryButton>
        </div>
        <InputError id="test-chat-error" className="mt-2" message={error ?? undefined} role="alert" />
        {customerFields.length > 0 && (
          <details className="mt-3 rounded-md border border-gray-200 bg-white px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium text-gray-700">
              Test as a customer
              {Object.values(customer).some((value) => value.trim() !== '') && (
                <span className="ms-2 text-xs font-normal text-indigo-700">(on)</span>
              )}
            </summary>
            <p className="mt-1 text-xs text-gray-500">
              Values of the fields your bots may tell customers, as if the one writing had them on their card: ask
              “berapa poin saya?”.
            </p>
            <div className="mt-2 grid grid-cols-6 gap-4">
              <ContactFieldInputs
                fields={customerFields}
                values={customer}
                errors={{}}
                onChange={(key, value) => setCustomer((current) => ({ ...current, [key]: value }))}
                idPrefix="test-customer"
              />
            </div>
          </details>
        )}
        {testQuestions.length > 0 && (
          <div className="mt-3">
            <p className="text-xs text-gray-500">Saved test questions</p>
            <div className="mt-1.5 flex flex-wrap gap-2">
              {testQuestions.map((question) => (
                <Chip key={question} onClick={() => void ask(question)} disabled={sending}>
                  {question}
                </Chip>
              ))}
            </div>
          </div>
        )}
      </form>
    </section>
  );
}
