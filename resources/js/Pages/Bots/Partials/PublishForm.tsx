import { useForm } from '@inertiajs/react';
import PrimaryButton from '@/Components/PrimaryButton';
import { route } from '@/lib/route';
import TextField from '@/Components/TextField';
import type { BotSummary } from './types';

/**
 * Publish: the draft becomes the next numbered version, the one channels and the API answer with
 * (POST bots.publish with an optional note). Nothing to publish while the draft is the live version.
 */
export default function PublishForm({ bot, latestVersion }: { bot: BotSummary; latestVersion: number }) {
  const form = useForm({ note: '' });
  const unchanged = bot.published_version !== null && !bot.has_draft_changes;
  const next = latestVersion + 1;

  const publish = () => {
    if (unchanged) return;
    form.post(route('bots.publish', bot.id), { preserveScroll: true, onSuccess: () => form.reset() });
  };

  return (
    <section aria-labelledby="publish-title" className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <h3 id="publish-title" className="text-lg font-medium text-gray-900">
        Publish
      </h3>
      <p className="mt-1 text-sm text-gray-600">
        {unchanged
          ? `Version ${bot.published_version} is live and the draft has no changes. Edit the bot to publish a new version.`
          : `The draft becomes version ${next}: what your channels and the API answer with.`}
      </p>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          publish();
        }}
      >
        <TextField
          id="publish-note"
          label="Note (optional)"
          value={form.data.note}
          onChange={(note) => form.setData('note', note)}
          error={form.errors.note}
          placeholder="What changed"
          maxLength={255}
          disabled={unchanged}
          autoComplete="off"
        />
        <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={unchanged || form.processing}>
          Publish version {next}
        </PrimaryButton>
      </form>
    </section>
  );
}
