import { useForm } from '@inertiajs/react';
import DialogModal from '@/Components/DialogModal';
import FileDrop from '@/Components/FileDrop';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import ProgressBar from '@/Components/ProgressBar';
import SecondaryButton from '@/Components/SecondaryButton';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import RefreshSelect from './RefreshSelect';
import { formatBytes, sourceTypeLabels } from './format';
import type { RefreshSchedule, Source, SourceLimits } from './types';

type EditSourceModalProps = {
  source: Source;
  limits: SourceLimits;
  refreshSchedules: RefreshSchedule[];
  onClose: () => void;
};

/**
 * Edits a source (PUT knowledges.sources.update, bag `updateSource`): its title; a text's or a Q&A
 * pair's content; a web page's refresh schedule; a file source's file, replaced by a multipart POST
 * with `_method: put`. A change of content reads the source again.
 */
export default function EditSourceModal({ source, limits, refreshSchedules, onClose }: EditSourceModalProps) {
  const form = useForm({
    title: source.title,
    text: source.text ?? '',
    question: source.question ?? '',
    alternatives: source.alternatives.join('\n'),
    answer: source.answer ?? '',
    refresh: source.refresh,
    file: null as File | null,
  });
  const maxFile = formatBytes(limits.max_file_bytes);
  const uploadProgress = form.processing && form.data.file ? (form.progress?.percentage ?? 0) : null;

  const chooseFile = (file: File | null) => {
    form.clearErrors('file');
    if (file && file.size > limits.max_file_bytes) {
      form.setData('file', null);
      form.setError('file', `${file.name} is ${formatBytes(file.size)}; a file may be at most ${maxFile}.`);
      return;
    }
    form.setData('file', file);
  };

  const save = () => {
    const { title, text, question, alternatives, answer, refresh, file } = form.data;
    const url = route('knowledges.sources.update', [source.knowledge_id, source.id]);
    const options = { errorBag: 'updateSource', preserveScroll: true, onSuccess: onClose };
    switch (source.type) {
      case 'text':
        form.transform(() => ({ title, text }));
        break;
      case 'qa':
        form.transform(() => ({ question, alternatives, answer }));
        break;
      case 'url':
      case 'sitemap':
        form.transform(() => ({ title, refresh }));
        break;
      case 'file':
        if (file) {
          form.transform(() => ({ title, file, _method: 'put' }));
          form.post(url, { ...options, forceFormData: true });
          return;
        }
        form.transform(() => ({ title }));
        break;
    }
    form.put(url, options);
  };

  return (
    <DialogModal
      show
      onClose={onClose}
      title={`Edit ${sourceTypeLabels[source.type].toLowerCase()}`}
      footer={
        <>
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <PrimaryButton
            type="button"
            className={form.processing ? 'opacity-25' : undefined}
            disabled={form.processing}
            onClick={save}
          >
            Save
          </PrimaryButton>
        </>
      }
    >
      <div className="space-y-5">
        {source.type !== 'qa' && <TextField label="Title" {...fieldProps(form, 'title')} id="edit-source-title" />}

        {source.type === 'text' && (
          <TextAreaField
            label="Text"
            rows={12}
            inputClassName="font-mono text-sm"
            {...fieldProps(form, 'text')}
            id="edit-source-text"
            hint="Saving a changed text reads it again; passages that did not change keep their statistics."
          />
        )}

        {source.type === 'qa' && (
          <>
            <TextField label="Question" {...fieldProps(form, 'question')} id="edit-source-question" />
            <TextAreaField
              label="Other ways to ask it"
              rows={3}
              {...fieldProps(form, 'alternatives')}
              id="edit-source-alternatives"
              hint="One per line."
            />
            <TextAreaField label="Answer" rows={6} {...fieldProps(form, 'answer')} id="edit-source-answer" />
          </>
        )}

        {(source.type === 'url' || source.type === 'sitemap') && (
          <RefreshSelect
            id="edit-source-refresh"
            value={form.data.refresh}
            options={refreshSchedules}
            onChange={(value) => form.setData('refresh', value)}
            error={form.errors.refresh}
          />
        )}

        {source.type === 'file' && (
          <div>
            <span className="block text-sm font-medium text-gray-700">Replace the file (optional)</span>
            <p className="mt-1 text-xs break-all text-gray-500">
              Now: {source.file_name ?? 'unnamed file'}
              {source.file_size !== null && ` (${formatBytes(source.file_size)})`}
            </p>
            <div className="mt-2">
              <FileDrop
                id="edit-source-file"
                accept={limits.accept}
                file={form.data.file}
                onChange={chooseFile}
                disabled={form.processing}
                invalid={Boolean(form.errors.file)}
                describedBy="edit-source-file-error"
                fileHint={form.data.file ? formatBytes(form.data.file.size) : undefined}
                hint={`${limits.file_types.join(', ')}; up to ${maxFile}.`}
              />
            </div>
            <InputError id="edit-source-file-error" className="mt-2" message={form.errors.file} />
            {uploadProgress !== null && (
              <ProgressBar className="mt-3" value={uploadProgress} label="Uploading the file" />
            )}
          </div>
        )}
      </div>
    </DialogModal>
  );
}
