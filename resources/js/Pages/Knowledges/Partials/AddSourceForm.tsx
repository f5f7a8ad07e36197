import type { ReactNode } from 'react';
import { useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import FileDrop from '@/Components/FileDrop';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import ProgressBar from '@/Components/ProgressBar';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import RefreshSelect from './RefreshSelect';
import SourceTypeTabs, { panelId, tabId } from './SourceTypeTabs';
import { formatBytes } from './format';
import type { Knowledge, RefreshSchedule, SourceLimits, SourceType } from './types';

type SourceForm = {
  type: SourceType;
  title: string;
  text: string;
  question: string;
  alternatives: string;
  answer: string;
  url: string;
  refresh: RefreshSchedule;
  max_pages: string;
  file: File | null;
};

/** The fields each kind of source sends (besides `type`). */
const fieldsOf: Record<SourceType, Array<Exclude<keyof SourceForm, 'type'>>> = {
  text: ['title', 'text'],
  qa: ['question', 'alternatives', 'answer'],
  file: ['title', 'file'],
  url: ['url', 'title', 'refresh'],
  sitemap: ['url', 'title', 'max_pages', 'refresh'],
};

const submitLabels: Record<SourceType, string> = {
  text: 'Add text',
  qa: 'Add Q&A',
  file: 'Upload',
  url: 'Add web page',
  sitemap: 'Add sitemap',
};

type AddSourceFormProps = {
  knowledge: Knowledge;
  limits: SourceLimits;
  refreshSchedules: RefreshSchedule[];
  /** Above the kinds of source: how many of the plan's knowledge sources the team uses. */
  usage?: ReactNode;
};

export const ADD_SOURCE_DESCRIPTION =
  'Teach the bots something: write it, answer a question, upload a document or point to web pages. Each source is read, split into passages and indexed; you can follow its progress below.';

/**
 * "Add a source": one kind at a time (text, Q&A, file, web page, sitemap), POST
 * knowledges.sources.store with the `addSource` bag. A file is checked against the size limit
 * before it is sent and goes as multipart with its upload progress shown.
 */
export default function AddSourceForm({ knowledge, limits, refreshSchedules, usage }: AddSourceFormProps) {
  const form = useForm<SourceForm>({
    type: 'text',
    title: '',
    text: '',
    question: '',
    alternatives: '',
    answer: '',
    url: '',
    refresh: 'never',
    max_pages: String(limits.crawl_max_pages),
    file: null,
  });
  const { type } = form.data;
  const maxFile = formatBytes(limits.max_file_bytes);
  const uploadProgress = form.processing && type === 'file' ? (form.progress?.percentage ?? 0) : null;

  const chooseFile = (file: File | null) => {
    form.clearErrors('file');
    if (file && file.size > limits.max_file_bytes) {
      form.setData('file', null);
      form.setError('file', `${file.name} is ${formatBytes(file.size)}; a file may be at most ${maxFile}.`);
      return;
    }
    form.setData('file', file);
  };

  const addSource = () => {
    if (type === 'file' && !form.data.file) {
      form.setError('file', 'Choose a file to upload.');
      return;
    }
    form.transform((data) => ({
      type: data.type,
      ...Object.fromEntries(fieldsOf[data.type].map((field) => [field, data[field]])),
    }));
    form.post(route('knowledges.sources.store', knowledge.id), {
      errorBag: 'addSource',
      preserveScroll: true,
      forceFormData: type === 'file',
      onSuccess: () => {
        form.reset('title', 'text', 'question', 'alternatives', 'answer', 'url', 'refresh', 'max_pages', 'file');
      },
    });
  };

  const selectType = (next: SourceType) => {
    form.clearErrors();
    form.setData('type', next);
  };

  return (
    <FormSection
      title="Add a source"
      description={ADD_SOURCE_DESCRIPTION}
      onSubmitted={addSource}
      actions={
        <>
          <ActionMessage on={form.recentlySuccessful} className="me-3">
            Added.
          </ActionMessage>
          <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
            {submitLabels[type]}
          </PrimaryButton>
        </>
      }
    >
      {usage && <div className="col-span-6">{usage}</div>}
      <div className="col-span-6">
        <SourceTypeTabs value={type} onChange={selectType} />
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(type)} className="col-span-6 grid grid-cols-6 gap-6">
        {type === 'text' && (
          <>
            <TextField
              label="Title"
              className="col-span-6 sm:col-span-4"
              {...fieldProps(form, 'title')}
              id="source-title"
              placeholder="Opening hours and delivery"
            />
            <TextAreaField
              label="Text"
              className="col-span-6"
              inputClassName="font-mono text-sm"
              rows={10}
              {...fieldProps(form, 'text')}
              id="source-text"
              hint="Markdown is welcome: # headings keep their sections together, and tables and lists are kept whole."
            />
          </>
        )}

        {type === 'qa' && (
          <>
            <TextField label="Question" className="col-span-6" {...fieldProps(form, 'question')} id="source-question" />
            <TextAreaField
              label="Other ways to ask it (optional)"
              className="col-span-6"
              rows={3}
              {...fieldProps(form, 'alternatives')}
              id="source-alternatives"
              hint="One per line. They help the question be found; customers never see them."
            />
            <TextAreaField
              label="Answer"
              className="col-span-6"
              rows={5}
              {...fieldProps(form, 'answer')}
              id="source-answer"
            />
          </>
        )}

        {type === 'file' && (
          <>
            <div className="col-span-6">
              <span className="block text-sm font-medium text-gray-700" id="source-file-label">
                File
              </span>
              <div className="mt-1">
                <FileDrop
                  id="source-file"
                  accept={limits.accept}
                  file={form.data.file}
                  onChange={chooseFile}
                  disabled={form.processing}
                  invalid={Boolean(form.errors.file)}
                  describedBy="source-file-error"
                  fileHint={form.data.file ? formatBytes(form.data.file.size) : undefined}
                  hint={`${limits.file_types.join(', ')}; up to ${maxFile}.`}
                />
              </div>
              <InputError id="source-file-error" className="mt-2" message={form.errors.file} />
              {uploadProgress !== null && (
                <div className="mt-3">
                  <ProgressBar value={uploadProgress} label="Uploading the file" />
                  <p className="mt-1 text-xs text-gray-500">Uploading… {Math.round(uploadProgress)}%</p>
                </div>
              )}
            </div>
            <TextField
              label="Title (optional)"
              className="col-span-6 sm:col-span-4"
              {...fieldProps(form, 'title')}
              id="source-file-title"
            >
              <p className="mt-1 text-xs text-gray-500">
                Left empty, the document’s own title or its file name is used.
              </p>
            </TextField>
          </>
        )}

        {(type === 'url' || type === 'sitemap') && (
          <>
            <TextField
              label={type === 'url' ? 'Web page address' : 'Sitemap or site address'}
              className="col-span-6"
              type="url"
              inputMode="url"
              placeholder={type === 'url' ? 'https://example.com/faq' : 'https://example.com/sitemap.xml'}
              {...fieldProps(form, 'url')}
              id="source-url"
            >
              <p className="mt-1 text-xs text-gray-500">
                {type === 'url'
                  ? 'The page is read as it is now: its main text, without menus and footers.'
                  : `The pages a sitemap lists are read; for a plain address, its site’s sitemap or its links. Pages robots.txt disallows are skipped.`}
              </p>
            </TextField>
            <TextField
              label="Title (optional)"
              className="col-span-6 sm:col-span-4"
              {...fieldProps(form, 'title')}
              id="source-url-title"
            >
              <p className="mt-1 text-xs text-gray-500">Left empty, the page’s own title is used.</p>
            </TextField>
            {type === 'sitemap' && (
              <TextField
                label="Pages to read at most"
                className="col-span-6 sm:col-span-2"
                type="number"
                min={1}
                max={limits.crawl_max_pages}
                {...fieldProps(form, 'max_pages')}
                id="source-max-pages"
              >
                <p className="mt-1 text-xs text-gray-500">Up to {limits.crawl_max_pages}.</p>
              </TextField>
            )}
            <RefreshSelect
              id="source-refresh"
              className="col-span-6 sm:col-span-3"
              value={form.data.refresh}
              options={refreshSchedules}
              onChange={(value) => form.setData('refresh', value)}
              error={form.errors.refresh}
            />
          </>
        )}
      </div>
    </FormSection>
  );
}
