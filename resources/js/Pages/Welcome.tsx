import { Head, Link } from '@inertiajs/react';
import { optionalRoute, route } from '@/lib/route';

const features = [
  {
    title: 'Bots that know your business',
    body: 'Write a persona and instructions, pick a model, then feed it your FAQs, documents and web pages. Answers cite the knowledge they came from.',
  },
  {
    title: 'Every channel your customers use',
    body: 'One bot answers on your website chat widget, WhatsApp, Telegram and any system that can call a webhook.',
  },
  {
    title: 'People step in when it matters',
    body: 'Watch conversations live, get a nudge when a customer asks for a person, take over with one click and hand back when done.',
  },
  {
    title: 'Reports that show what works',
    body: 'Conversations, resolution rate, hand-offs and the questions your bot could not answer, per bot and per channel.',
  },
  {
    title: 'Built for teams',
    body: 'Invite teammates with roles: admins, editors, agents who handle conversations, viewers who read reports.',
  },
  {
    title: 'Plans that grow with you',
    body: 'Start small and move up as your volume grows; usage is visible before it matters.',
  },
];

const steps = [
  ['Create a bot', 'Give it a name, a voice and instructions.'],
  ['Add knowledge', 'Upload documents or paste answers; Kawan indexes them.'],
  ['Connect a channel', 'Embed the widget or link WhatsApp or Telegram.'],
  ['Watch and improve', 'Step into conversations and read the reports.'],
];

export default function Welcome() {
  const register = optionalRoute('register');
  return (
    <>
      <Head title="Assistant bots for every team" />
      <section className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:flex lg:items-center lg:gap-16 lg:px-8 lg:py-28">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Kawan · your team&apos;s assistant</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-pretty text-gray-900 sm:text-5xl">
              AI assistants that answer your customers, everywhere they write to you.
            </h1>
            <p className="mt-6 text-lg leading-8 text-gray-600">
              Kawan lets your team build assistant bots, ground them in your own knowledge, connect them to your website,
              WhatsApp and Telegram, and take over the conversation whenever a person is needed.
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-4">
              <Link
                href={route('early-access.create')}
                className="rounded-md bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-xs hover:bg-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden"
              >
                Join the early-access list
              </Link>
              {register && (
                <Link href={register} className="text-sm font-semibold text-gray-900 hover:text-indigo-600">
                  Create an account <span aria-hidden="true">→</span>
                </Link>
              )}
            </div>
          </div>
          <ChatPreview />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-semibold text-gray-900">
          Everything a support team needs from a bot
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <div key={feature.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100">
              <h3 className="text-base font-semibold text-gray-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{feature.body}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-white" aria-labelledby="steps-heading">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="steps-heading" className="text-2xl font-semibold text-gray-900">
            From first bot to first answer in an afternoon
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(([title, body], index) => (
              <li key={title} className="rounded-lg border border-gray-200 p-6">
                <span className="flex size-8 items-center justify-center rounded-full bg-indigo-50 text-sm font-semibold text-indigo-700">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-base font-semibold text-gray-900">{title}</h3>
                <p className="mt-1 text-sm text-gray-600">{body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}

function ChatPreview() {
  return (
    <div className="mt-14 w-full max-w-md shrink-0 lg:mt-0" aria-hidden="true">
      <div className="overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-gray-200">
        <div className="flex items-center gap-3 border-b border-gray-100 bg-indigo-600 px-4 py-3 text-white">
          <span className="flex size-8 items-center justify-center rounded-full bg-white/20 text-sm font-semibold">K</span>
          <div>
            <p className="text-sm font-semibold">Warung Kopi assistant</p>
            <p className="text-xs text-indigo-100">Usually answers in seconds</p>
          </div>
        </div>
        <div className="space-y-3 bg-gray-50 p-4 text-sm">
          <p className="mr-10 rounded-lg rounded-tl-none bg-white px-3 py-2 text-gray-700 shadow-xs">
            Hi! I can help with orders, opening hours and our menu.
          </p>
          <p className="ml-10 rounded-lg rounded-tr-none bg-indigo-600 px-3 py-2 text-white">
            Are you open on Sunday in Bandung?
          </p>
          <p className="mr-10 rounded-lg rounded-tl-none bg-white px-3 py-2 text-gray-700 shadow-xs">
            Yes: our Bandung café is open Sundays from 8:00 to 21:00. Want me to reserve a table?
          </p>
          <p className="text-center text-xs text-gray-400">Source: Opening hours 2026 · Answered by AI</p>
        </div>
      </div>
    </div>
  );
}
